package mdtext

import (
	"reflect"
	"testing"
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
