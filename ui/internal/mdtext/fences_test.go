package mdtext

import (
	"reflect"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

func TestSplitFencesKeepsCodeLinesWhole(t *testing.T) {
	md := "الموجهة `v-if` تعمل:\n\n```vue-html\n<div v-if=\"ok\">\n  أ\n</div>\n```\n\nثم نص."
	want := []Block{
		{Text: "الموجهة `v-if` تعمل:\n", Code: false},
		{Text: "```vue-html\n<div v-if=\"ok\">\n  أ\n</div>\n```", Code: true},
		{Text: "\nثم نص.", Code: false},
	}
	if got := SplitFences(md); !reflect.DeepEqual(got, want) {
		t.Errorf("SplitFences = %+v\nwant %+v", got, want)
	}
	// An unclosed fence is code to the end; "```js" inside a ~~~ block is code.
	got := SplitFences("نص\n~~~\n```js\n  x()")
	if len(got) != 2 || !got[1].Code || got[1].Text != "~~~\n```js\n  x()" {
		t.Errorf("unclosed fence: %+v", got)
	}
}

func TestKeepIndentLTRMarksIndentedCodeLinesOnly(t *testing.T) {
	md := "  نص\n\n```\n<div>\n  أ\n</div>\n```\n"
	want := "  نص\n\n```\n<div>\n\u200e  أ\n</div>\n```\n"
	if got := KeepIndentLTR(md); got != want {
		t.Errorf("KeepIndentLTR = %q, want %q", got, want)
	}
}

// A fence in a list item keeps its code in the item: the mark goes after
// the item's indent, so the item still holds a fenced code block and the
// next item is still an item (the preview showed the code as prose and
// the rest of the list as code).
func TestKeepIndentLTRKeepsCodeInsideListItems(t *testing.T) {
	md := "- **Props**\n\n  ```ts\n  interface P {\n    to: string\n  }\n  ```\n\n- **Example**\n\n  Pick it.\n"
	got := KeepIndentLTR(md)
	if want := "  \u200e  to: string"; !strings.Contains(got, want) {
		t.Errorf("KeepIndentLTR = %q, want a line %q", got, want)
	}
	doc := goldmark.New().Parser().Parse(text.NewReader([]byte(got)))
	list := doc.FirstChild()
	if list == nil || list.Kind() != ast.KindList || list.ChildCount() != 2 {
		t.Fatalf("not a list of two items: %v", list)
	}
	var code bool
	for c := list.FirstChild().FirstChild(); c != nil; c = c.NextSibling() {
		code = code || c.Kind() == ast.KindFencedCodeBlock
	}
	if !code {
		t.Error("the first item lost its fenced code block")
	}
}
