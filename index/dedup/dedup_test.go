package dedup

import (
	"strings"
	"testing"
)

func TestCopiesAreTheSamePassage(t *testing.T) {
	page := "Adults over fifty should get the shingles vaccine, two doses some months apart. " +
		"It lowers the risk of shingles by about nine in ten, and of the long nerve pain that can follow it. " +
		"Ask at the pharmacy or the clinic; most plans pay for it, and a doctor's note is not needed. " +
		"People with a weak immune system should ask their doctor first, since the timing may differ."
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{page, page, true},
		{page, page + "\n\nCopy 03 of this page.", true},         // a line added to a copy
		{page, strings.Replace(page, "fifty", "sixty", 1), true}, // a word changed
		{page, "The leave form goes to your manager before the leave starts. Annual leave is twenty-one days a year, " +
			"and requests go in two weeks ahead. Up to ten days may be carried over to the next year with approval.", false},
		{page, page[:len(page)/2], false}, // half of it is another passage
		{"short text", "short text", true},
		{"short text", "short text.", false}, // short passages must be identical
	} {
		if got := Of(c.a).Same(Of(c.b)); got != c.same {
			t.Errorf("same(%.40q…, %.40q…) = %v, want %v", c.a, c.b, got, c.same)
		}
	}
}

// A copy with a line more at its start or end is the same passage even
// when the page is too short for the trigram estimate, and in scripts
// written without spaces; pages that only share a line or two are not.
func TestCopiesWithALineMoreShortOrWithoutSpaces(t *testing.T) {
	exit := "> Exit DOSBox.\n> More information: <https://www.dosbox.com/wiki/Commands#EXIT>.\n\n- Exit DOSBox:\n\n`EXIT`"
	locate := "> 查找文件名。\n> 更多信息：<https://manned.org/locate>。\n\n- 在数据库中查找文件名包含某个字符串的文件：\n\n`locate {{pattern}}`\n\n- 查找名称恰好为某个名字的文件：\n\n`locate '*/{{文件名}}'`"
	vol := "> 显示磁盘卷标和序列号。\n> 更多信息：<https://learn.microsoft.com/windows-server/administration/windows-commands/vol>。\n\n- 显示当前驱动器的卷标和序列号：\n\n`vol`\n\n- 显示指定驱动器的卷标和序列号：\n\n`vol {{D:}}`"
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{exit, exit + "\n\nCopy 01 of this page.", true},
		{exit + "\n\nCopy 01 of this page.", exit + "\n\nCopy 02 of this page.", true},
		{"Last updated 2024-03-01\n\n" + exit, exit, true},
		{locate, locate + "\n\nCopy 07 of this page.", true},
		{locate + "\n\n副本 01", locate + "\n\n副本 02", true},
		{locate, vol, false},
		{locate, strings.Replace(locate, "恰好", "大约", 1), true}, // a word changed
		// Sharing a heading line is not being a copy.
		{"Contact\n\nWrite to the office at the address below, or call.", "Contact\n\nThe form is on the intranet under Requests.", false},
		// Two lines of a few words: what they share is too little.
		{"- Exit:\n\n`exit`", "- Exit:\n\n`exit 1`", false},
	} {
		if got := Of(c.a).Same(Of(c.b)); got != c.same {
			t.Errorf("same(%.50q…, %.50q…) = %v, want %v", c.a, c.b, got, c.same)
		}
		if c.same && !shareKey(Of(c.a), Of(c.b)) {
			t.Errorf("%.50q… and %.50q… share no band key: they are never compared", c.a, c.b)
		}
	}
}

func shareKey(a, b Signature) bool {
	for _, x := range a.BandKeys() {
		for _, y := range b.BandKeys() {
			if x == y {
				return true
			}
		}
	}
	return false
}

func TestKeptFindsTheFirstCopyItsCallerAccepts(t *testing.T) {
	page := "Shingles vaccine: adults over fifty get two doses some months apart, and a sore arm after either dose is common and passes in a day or two."
	other := "Annual leave: staff earn four hours each pay period in their first three years, and six hours after that, up to a carry-over limit."
	k := NewKept(4)
	if i, dup := k.Add(Of(page), func(int) bool { return true }); dup || i != 0 {
		t.Fatalf("first page: %d, %v", i, dup)
	}
	if i, dup := k.Add(Of(other), func(int) bool { return true }); dup || i != 1 {
		t.Fatalf("another page: %d, %v", i, dup)
	}
	if i, dup := k.Add(Of(page+"\nCopy 03 of this page."), func(int) bool { return true }); !dup || i != 0 {
		t.Errorf("a copy with a line added: %d, %v, want a copy of 0", i, dup)
	}
	if i, dup := k.Add(Of(page), func(int) bool { return false }); dup || i != 2 {
		t.Errorf("a copy its caller refuses: %d, %v, want kept as 2", i, dup)
	}
	if i := k.Keep(Of(page)); i != 3 {
		t.Errorf("kept without looking: %d, want 3", i)
	}
}
