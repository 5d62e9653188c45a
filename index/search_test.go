package index

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"folio/index/fts"
	"folio/index/rank"
	"folio/internal/testutil"
)

func TestNaturalQuestionsFindTheAnsweringPassage(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"fever.md": "# Fever in children\n\n## Antipyretic dosing\n\n| Medicine | Dose | How often |\n|---|---|---|\n| Paracetamol | 15 mg/kg | every 4–6 hours |\n| Ibuprofen | 10 mg/kg | every 6–8 hours |\n\n" +
			"## When to avoid ibuprofen\n\nDo not give ibuprofen to a child who is dehydrated or has chickenpox.\n\n## Disclaimer\n\nThis page does not replace a doctor's advice about fever.\n",
		"git.md":     "# git reset\n\n> 撤销提交。\n\n- 回退到某个提交并丢弃之后的所有修改：\n\n`git reset --hard {{提交}}`\n",
		"git-log.md": "# git log\n\n> 显示提交历史。\n\n- 显示提交历史：\n\n`git log`\n",
	})
	for q, want := range map[string]string{
		"how much paracetamol can a child take": "Fever in children > Antipyretic dosing",
		// Chinese as people type it, without spaces, and mixed with Latin.
		"回退到某次提交并丢弃后面所有修改": "git reset",
		"git怎么撤销上一次提交":     "git reset",
		"显示提交历史":           "git log",
	} {
		r := search(t, ix, q)
		if len(r.Hits) == 0 || strings.Join(r.Hits[0].HeadingPath, " > ") != want {
			var got []string
			for _, h := range r.Hits {
				got = append(got, strings.Join(h.HeadingPath, " > "))
			}
			t.Errorf("%q: hits %q, want %q first", q, got, want)
		}
	}
}

// A lay idiom finds the page that names what it means, not the pages its
// words name one by one, and the search says what it searched for it.
func TestLayIdiomsFindWhatTheyMean(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"burns.md":  "# Burns\n\n## What to do\n\nCool a burn under running water. Do not give aspirin to children under 12; keep burning clothes away.\n",
		"fever.md":  "# Fever in children\n\n## What to do\n\nA child with a fever can be given paracetamol. Dress them lightly.\n",
		"vomit.md":  "# Vomiting in toddlers\n\nSmall sips of water help a child who is vomiting.\n",
		"throw.md":  "# Throwing games\n\nToddlers love throwing a ball up in the air; keep it soft.\n",
		"faint.md":  "# Fainting\n\nIf you faint, lie down and raise your legs; see a doctor if it happens again.\n",
		"passes.md": "# Visitor passes\n\nYour pass lets you out of the building.\n",
	})
	for q, want := range map[string]struct{ path, typed, searched string }{
		"my kid is burning up, what can I give her": {"fever.md", "burning up", "fever"},
		"my toddler keeps throwing up":              {"vomit.md", "throwing up", "vomiting"},
		"I passed out at work":                      {"faint.md", "passed out", "faint"},
	} {
		r := search(t, ix, q)
		if len(r.Hits) == 0 || r.Hits[0].Path != want.path {
			var got []string
			for _, h := range r.Hits {
				got = append(got, h.Path)
			}
			t.Errorf("%q: hits %q, want %s first", q, got, want.path)
		}
		said := false
		for _, c := range r.Corrections {
			said = said || c.Typed == want.typed && c.Searched == want.searched
		}
		if !said {
			t.Errorf("%q: also searched %+v, want %q for %q", q, r.Corrections, want.searched, want.typed)
		}
	}
	// Quoted, the idiom is its words: the burns page, nothing said.
	if r := search(t, ix, `"keep burning"`); len(r.Hits) == 0 || r.Hits[0].Path != "burns.md" || len(r.Corrections) != 0 {
		t.Errorf("quoted: %+v, corrections %+v", r.Hits, r.Corrections)
	}
}

// In a library that holds nothing of what an idiom means, its own words
// are searched, as typed: a diary that writes "ringing in the ears" and
// never tinnitus is found by them, and nothing is said to be missing.
func TestAnIdiomTheLibraryDoesNotNameIsSearchedAsTyped(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"diary.md": "# Tuesday\n\nRinging in the ears again after the concert, all night.\n",
		"other.md": "# Groceries\n\nMilk, eggs and bread.\n",
	})
	r := search(t, ix, "ringing in the ears")
	if len(r.Hits) == 0 || r.Hits[0].Path != "diary.md" || len(r.Corrections) != 0 || len(r.Notices) != 0 {
		t.Errorf("hits %+v, also searched %+v, notices %q; want diary.md, nothing said", r.Hits, r.Corrections, r.Notices)
	}
}

func TestTyposAreSearchedAsCloseWordsAndSaidSo(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"a.md": "# Pain relief\n\nIbuprofen eases pain and fever.\n",
		"b.md": "# Vaccines\n\nThe shingles vaccine is for adults over fifty.\n",
		"c.md": "# الإجازة\n\nيحق للموظف إجازة سنوية مدفوعة.\n",
		"d.md": "# Other\n\nNothing about medicine here.\n",
	})
	for q, want := range map[string]struct{ path, searched string }{
		"ibuprofin":        {"a.md", "ibuprofen"},
		"shingels vaccine": {"b.md", "shingles"},
		"الاجازت":          {"c.md", "إجازة"}, // Arabic, corrected on its normalised form
	} {
		r := search(t, ix, q)
		if len(r.Hits) == 0 || r.Hits[0].Path != want.path {
			t.Errorf("%q: %+v", q, r.Hits)
			continue
		}
		if len(r.Corrections) != 1 || r.Corrections[0].Searched != want.searched {
			t.Errorf("%q: corrections %+v, want %q", q, r.Corrections, want.searched)
		}
		if len(r.Hits[0].Snippet.Highlights) == 0 {
			t.Errorf("%q: the corrected word is not highlighted", q)
		}
	}
	// What was typed in quotes is searched exactly, never corrected.
	if r := search(t, ix, `"ibuprofin"`); len(r.Hits) != 0 || len(r.Corrections) != 0 {
		t.Errorf("quoted typo: %+v %+v", r.Hits, r.Corrections)
	}
	// Short words and known words are left alone.
	for _, q := range []string{"ibupr", "pain", "fever"} {
		if r := search(t, ix, q); len(r.Corrections) != 0 {
			t.Errorf("%q corrected to %+v", q, r.Corrections)
		}
	}
}

// Corrections are remembered between searches (a window searches on every
// key), but not past a change to the library: a word added since is found.
func TestATypoMeetsAWordAddedSinceItsLastSearch(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"other.md": "# Other\n\nNothing about medicine here.\n",
	})
	for i := 0; i < 2; i++ {
		if r := search(t, ix, "ibuprofin"); len(r.Corrections) != 0 || len(r.Hits) != 0 {
			t.Fatalf("before: corrections %+v, %d hits; want none", r.Corrections, len(r.Hits))
		}
	}
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"pain.md": "# Pain relief\n\nIbuprofen eases pain and fever.\n",
	})
	r := search(t, ix, "ibuprofin")
	if len(r.Corrections) != 1 || r.Corrections[0].Searched != "ibuprofen" || len(r.Hits) == 0 || r.Hits[0].Path != "pain.md" {
		t.Errorf("after adding pain.md: corrections %+v, hits %v; want ibuprofen, pain.md", r.Corrections, hitPaths(r))
	}
}

// A page names the device only as لجهاز الكمبيوتر ("for the computer's
// device": a noun governing another takes no article, and the index keeps
// the preposition on it); a question asking for الجهاز must find it, and
// rank it above a page that merely has the question's other word.
func TestArabicWordFoundWithAPrepositionWrittenOntoIt(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"hostname.md": "# hostnamectl\n\nتعيين اسم المضيف لجهاز الكمبيوتر.\n",
		"user.md":     "# useradd\n\nإنشاء مستخدم جديد مع اسم ومجلد.\n",
	})
	r := search(t, ix, "تغيير اسم الجهاز")
	if len(r.Hits) == 0 || r.Hits[0].Path != "hostname.md" {
		t.Errorf("تغيير اسم الجهاز: hits %v, want hostname.md first", hitPaths(r))
	}
	if len(r.Hits) > 0 {
		sn := r.Hits[0].Snippet
		marked := false
		for _, h := range sn.Highlights {
			marked = marked || sn.Text[h[0]:h[1]] == "لجهاز"
		}
		if !marked {
			t.Errorf("snippet %q %v does not mark لجهاز", sn.Text, sn.Highlights)
		}
	}
}

// An Arabic question types computing words in Latin letters ("group",
// "array") where Arabic pages write them in Arabic (مجموعة، مصفوفة): the
// page that says the Arabic word ranks first, and says it was searched.
func TestALatinComputingWordInAnArabicQuestionFindsTheArabicWord(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"gpasswd.md": "# gpasswd\n\nإضافة مستخدم إلى المجموعة المسماة.\n",
		"useradd.md": "# useradd\n\nإضافة مستخدم جديد إلى النظام.\n",
	})
	r := search(t, ix, "اضافة مستخدم الى group")
	if len(r.Hits) == 0 || r.Hits[0].Path != "gpasswd.md" {
		t.Errorf("اضافة مستخدم الى group: hits %v, want gpasswd.md first", hitPaths(r))
	}
	if !saidForm(r, "group", "المجموعة") {
		t.Errorf("corrections %+v: want group said searched as المجموعة", r.Corrections)
	}
}

// Arabic text writes the article straight onto a Latin word (الـDOM,
// للـCSS, often with a tatweel): the page must be found by the word, and a
// question typing الـplugin must find a page that says plugin.
func TestLatinWordWithTheArabicArticleWrittenOn(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"dom.md":    "# العرض\n\nيحدّث Vue الـDOM عند تغيّر الحالة.\n",
		"plugin.md": "# الإضافات\n\nكل plugin يعرض التابع install.\n",
	})
	if r := search(t, ix, "DOM"); len(r.Hits) == 0 || r.Hits[0].Path != "dom.md" {
		t.Errorf("DOM: hits %v, want dom.md", hitPaths(r))
	}
	if r := search(t, ix, "تثبيت الـplugin"); len(r.Hits) == 0 || r.Hits[0].Path != "plugin.md" {
		t.Errorf("تثبيت الـplugin: hits %v, want plugin.md", hitPaths(r))
	}
}

// An unknown Arabic word is first read as a known one with a preposition
// written onto it, then as a typo: before, لأجزاء ("into parts") was
// searched as لاجراء ("for a procedure"), one letter away, and a folder
// name typed with two letters swapped (الملجد for المجلد) found nothing,
// its stem of four letters being too short for any correction.
func TestArabicWordsWithAPrepositionOrSwappedLettersAreFound(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"zip.md":   "# ضغط\n\nتقسيم الأرشيف إلى أجزاء متعددة بحجم محدد.\n",
		"plan.md":  "# خطة\n\nلإجراء الفحص قبل العملية، ولإجراء التحليل أيضا.\n",
		"rmdir.md": "# حذف\n\nحذف المجلد الفارغ من الطرفية.\n",
		"book.md":  "# مكتبة\n\nكتاب عن الطبخ، وامسح الطاولة بعد الأكل.\n",
	})
	r := search(t, ix, "تقسيم لأجزاء")
	if len(r.Hits) == 0 || r.Hits[0].Path != "zip.md" {
		t.Errorf("تقسيم لأجزاء: hits %v, want zip.md first", hitPaths(r))
	}
	for _, c := range r.Corrections {
		if !c.Form {
			t.Errorf("لأجزاء is أجزاء with ل, not a typo: corrected %+v", c)
		}
	}
	r = search(t, ix, "الملجد")
	if len(r.Hits) == 0 || r.Hits[0].Path != "rmdir.md" || len(r.Corrections) != 1 {
		t.Errorf("الملجد: hits %v, corrections %+v; want rmdir.md through المجلد", hitPaths(r), r.Corrections)
	}
	// Moving a long vowel's letter makes another word of the same root
	// (كاتب "writer", كتاب "book"), and a verb's prefix is no typo (أسمح,
	// "I allow", is not امسح, "erase"): neither is corrected.
	for _, q := range []string{"كاتب", "أسمح"} {
		if r := search(t, ix, q); len(r.Corrections) != 0 || len(r.Hits) != 0 {
			t.Errorf("%s: corrections %+v, hits %v; want none", q, r.Corrections, hitPaths(r))
		}
	}
}

// Two words as close to a typo as each other are not equally likely: the
// one far rarer in the library is not searched too ("vison" meant vision,
// not visor), so its few passages do not join the page.
func TestATyposRareRivalCorrectionIsNotSearched(t *testing.T) {
	ix := openTemp(t)
	var eyes strings.Builder
	eyes.WriteString("# Eyes\n\n")
	for i := range 12 {
		fmt.Fprintf(&eyes, "## Part %d\n\nBlurred vision can have cause number %d.\n\n", i, i)
	}
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"eyes.md":   eyes.String(),
		"helmet.md": "# Helmet\n\nLift the visor before you speak.\n",
	})
	r := search(t, ix, "vison")
	if len(r.Corrections) != 1 || r.Corrections[0].Searched != "vision" {
		t.Errorf("corrections %+v, want vision alone", r.Corrections)
	}
	for _, h := range r.Hits {
		if h.Path == "helmet.md" {
			t.Errorf("the visor passage was searched for vison: %v", hitPaths(r))
		}
	}
}

// A correction is said as a word, never as its stem, even when no passage
// on the page holds it: "memmory" was said as memori. Of the library's
// forms of the stem, the one closest to what was typed is said (memory,
// not memorialize).
func TestACorrectionNoHitShownHoldsIsSaidAsAWord(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"tips.md":   "# Tips\n\nTravel tips: pack light. More tips: label your bags.\n",
		"memory.md": "# Notes\n\nWe memorialize the day; memory fades.\n",
	})
	res, err := ix.Search(context.Background(), "memmory tips", SearchOptions{Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) != 1 || res.Hits[0].Path != "tips.md" {
		t.Fatalf("hits %v, want tips.md alone (the page must not hold the correction)", hitPaths(res))
	}
	if len(res.Corrections) != 1 || res.Corrections[0].Searched != "memory" {
		t.Errorf("corrections %+v, want memmory said as memory", res.Corrections)
	}
}

// A typed word no passage holds, and for which nothing else was searched,
// is named: otherwise a page that answers the other words passes for an
// answer to it (a note on acetaminophen, asked about ibuprofen). A word
// searched as a close one or a synonym is not named (paracetamol is
// acetaminophen); a CJK run is named as typed, not as its pairs.
func TestAWordNoPassageHoldsIsNamed(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"dose.md": "# Fever\n\nAcetaminophen dose for a child with fever: 15 mg/kg.\n",
	})
	for q, want := range map[string]string{
		"ibuprofen dose child": `no passage holds "ibuprofen": the results hold the other words`,
		"ibuprofen 长颈鹿":        `no passage holds "ibuprofen", "长颈鹿"`,
		"paracetamol dose":     "", // acetaminophen's other name
		"acetaminophn dose":    "", // corrected, so searched
		"fever -ibuprofen":     "", // an excluded word is not looked for
		// Everyday Arabic's function words (بس, "but") are not named.
		"ibuprofen بس dose": `no passage holds "ibuprofen": the results hold the other words`,
		// Nor spoken Arabic's longer ones (دلوقتي "now", علشان "because").
		"ibuprofen دلوقتي علشان dose": `no passage holds "ibuprofen": the results hold the other words`,
		// A long message's unknown words: the first three by name.
		"okapi zebra giraffe gnu dose": `no passage holds "okapi", "zebra", "giraffe" and 1 more of the words typed: the results hold the other words`,
		// A pasted blob is one long word: cut.
		strings.Repeat("x", 500): `no passage holds "` + strings.Repeat("x", 30) + `…"`,
	} {
		r := search(t, ix, q)
		if got := strings.Join(r.Notices, "; "); got != want {
			t.Errorf("%s: notices %q, want %q", q, got, want)
		}
	}
}

// A short word is mistyped the ways a hurried hand mistypes it, a letter
// left out or two swapped: "eror" is searched as error, and "hwo" and
// "wiht" are read as the function words they are, not named as words no
// passage holds; "ofice", whose stem is short, is corrected as a word of
// five letters.
func TestAShortTypoIsReadAsTheWordMeant(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"exit.md":  "# Exit codes\n\nA program that ends with an error returns a nonzero exit code.\n",
		"other.md": "# Exit signs\n\nEvery exit of the building is lit.\n",
		"hours.md": "# Hours\n\nThe office opens at nine.\n",
		"salt.md":  "# Salt towns\n\nA wich was a town where salt was boiled.\n",
	})
	// A function word's typo that a note holds is still that word: "wich"
	// did not bring the salt town, nor outweigh the words that matter.
	if got := hitPaths(search(t, ix, "wich exit code")); !slices.Equal(got, []string{"exit.md", "other.md"}) {
		t.Errorf("wich exit code: hits %q, want exit.md and other.md only", got)
	}
	// Five letters typed, a stem of four (ofic): one edit, as for longer words.
	if r := search(t, ix, "ofice opens"); len(r.Corrections) != 1 || r.Corrections[0].Searched != "office" {
		t.Errorf("ofice: corrections %+v, want office", r.Corrections)
	}
	r := search(t, ix, "eror exit")
	if len(r.Hits) == 0 || r.Hits[0].Path != "exit.md" || len(r.Notices) != 0 {
		t.Errorf("hits %v, notices %q; want exit.md first, nothing named", hitPaths(r), r.Notices)
	}
	if len(r.Corrections) != 1 || r.Corrections[0].Typed != "eror" || r.Corrections[0].Searched != "error" {
		t.Errorf("corrections %+v, want eror searched as error", r.Corrections)
	}
	for q, want := range map[string]string{
		"hwo exit wiht eror": "",
		"zqx exit":           `no passage holds "zqx": the results hold the other words`,
		`"eror" exit`:        `no passage holds "eror"`, // quoted: as typed, and required
	} {
		if r := search(t, ix, q); strings.Join(r.Notices, "; ") != want {
			t.Errorf("%s: notices %q, want %q", q, r.Notices, want)
		}
	}
}

// A common English word the library holds, however rarely, is what was
// meant: "angel" in one note is not also searched as angle, a hundred
// times commoner there and one letter away.
func TestARareCommonWordIsNotCorrected(t *testing.T) {
	ix := openTemp(t)
	var geometry strings.Builder
	geometry.WriteString("# Geometry\n\n")
	for i := range 120 {
		fmt.Fprintf(&geometry, "## Part %d\n\nMeasure the angle of part %d.\n\n", i, i)
	}
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"geometry.md": geometry.String(),
		"notes.md":    "# Notes\n\nAn angel on the tree each winter.\n",
	})
	if r := search(t, ix, "angel"); len(r.Corrections) != 0 || len(r.Hits) != 1 || r.Hits[0].Path != "notes.md" {
		t.Errorf("corrections %+v, hits %v; want notes.md alone, nothing else searched", r.Corrections, hitPaths(r))
	}
}

func TestArabicQuestionsMeetOtherFormsOfTheirWords(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		// The answer says حذف and نهائية; the question says أحذف ("I
		// delete") and نهائياً.
		"wipe.md": "# المسح الآمن\n\nحذف الملف بطريقة نهائية لا يمكن استرجاعها بعد ذلك.\n",
		"copy.md": "# ملف النسخ\n\nانسخ الملف إلى مجلد آخر، فنسخ ملف كبير يأخذ وقتا.\n",
	})
	r := search(t, ix, "كيف أحذف ملف نهائياً")
	if len(r.Hits) == 0 || r.Hits[0].Path != "wipe.md" {
		t.Fatalf("hits %+v, want wipe.md first", r.Hits)
	}
	// Other forms of a word are not typo corrections; they are said like
	// an English word's family, as the passage writes them.
	said := false
	for _, c := range r.Corrections {
		if !c.Form {
			t.Errorf("other forms of a word are not corrections: %+v", c)
		}
		said = said || c.Typed == "أحذف" && c.Searched == "حذف"
	}
	if !said {
		t.Errorf("said %+v, want أحذف → حذف among the family words", r.Corrections)
	}
	// Quoted, the word is searched as typed only.
	if r := search(t, ix, `"أحذف"`); len(r.Hits) != 0 {
		t.Errorf("quoted word found other forms: %+v", r.Hits)
	}
}

func TestOneFileAndItsCopiesDoNotFillThePage(t *testing.T) {
	ix := openTemp(t)
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("# Handbook\n\n")
	for i := 0; i < 5; i++ {
		fmt.Fprintf(&b, "## Leave %d\n\nLeave rule number %d applies to leave requests.\n\n", i, i)
	}
	page := "# Leave form\n\nThe leave form goes to your manager.\n"
	testutil.WriteFiles(t, dir, map[string]string{
		"handbook.md": b.String(), "form.md": page, "backup/form.md": page, "old/form copy.md": page,
		"other.md": "# Other\n\nUnpaid leave is rare.\n",
	})
	ctx := context.Background()
	if _, err := ix.AddFolder(ctx, dir, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	r, err := ix.Search(ctx, "leave", SearchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	perFile := map[string]int{}
	var copies, more int
	for _, h := range r.Hits {
		perFile[h.Path]++
		if len(h.AlsoIn) > 0 {
			copies += len(h.AlsoIn)
			if len(h.AlsoIn) != 2 || h.Text != h.AlsoIn[0].Text {
				t.Errorf("copies of %s: %+v", h.Path, h.AlsoIn)
			}
		}
		more += len(h.More)
	}
	if perFile["handbook.md"] != DefaultPerFile || more != 5-DefaultPerFile || copies != 2 {
		t.Errorf("per file %v, folded %d, copies %d", perFile, more, copies)
	}
	// The form's three copies are one passage of the search index: 7.
	if len(r.Hits) != DefaultPerFile+2 || r.Total != 7 {
		t.Errorf("%d hits shown, total %d: want the handbook %d times, the form and the other note once, of 7 passages", len(r.Hits), r.Total, DefaultPerFile)
	}
	// No limit per file shows every passage of the handbook.
	if r, _ = ix.Search(ctx, "leave", SearchOptions{PerFile: -1}); len(r.Hits) != 7 {
		t.Errorf("no limit per file: %d hits, want 7 (copies stay folded)", len(r.Hits))
	}
}

func TestExplainGivesEachFeatureAndItsShare(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{"a.md": leaveMD})
	r, err := ix.Search(context.Background(), "sick leave", SearchOptions{Explain: true})
	if err != nil || len(r.Hits) == 0 {
		t.Fatal(err, r)
	}
	h := r.Hits[0]
	sum, score := 0.0, 0.0
	for _, c := range h.Explanation {
		sum += c.Share
		score += c.Value * c.Weight
	}
	if len(h.Explanation) == 0 || (sum-1)*(sum-1) > 1e-12 || (score-h.Score)*(score-h.Score) > 1e-12 {
		t.Errorf("explanation %+v does not add up to the score %v", h.Explanation, h.Score)
	}
}

func TestManyMatchesAreCountedUpToACap(t *testing.T) {
	files := map[string]string{}
	for i := 0; i < countCap+50; i++ {
		files[fmt.Sprintf("n%04d.md", i)] = fmt.Sprintf("# Note %d\n\ncommon word %d\n", i, i)
	}
	ix := libraryOf(t, files)
	if r := search(t, ix, "common"); r.Total != countCap || !r.TotalCapped || len(r.Hits) != 20 {
		t.Errorf("total %d capped %v, %d hits", r.Total, r.TotalCapped, len(r.Hits))
	}
	if r := search(t, ix, "7"); r.TotalCapped || r.Total != 1 {
		t.Errorf("a few matches counted as capped: %d", r.Total)
	}
}

func TestCopiesThatDifferByALineAreOneHit(t *testing.T) {
	page := "# Shingles vaccine\n\nAdults over fifty should get the shingles vaccine, two doses some months apart. " +
		"It lowers the risk of shingles by about nine in ten, and of the long nerve pain that can follow it. " +
		"Ask at the pharmacy or the clinic; most plans pay for it.\n"
	files := map[string]string{"other.md": "# Other\n\nThe vaccine schedule for children differs from the shingles one.\n"}
	for i := 0; i < 12; i++ {
		files[fmt.Sprintf("copy%02d/shingles.md", i)] = page + fmt.Sprintf("\nCopy %02d of this page.\n", i)
	}
	ix := libraryOf(t, files)
	r := search(t, ix, "shingles vaccine")
	if len(r.Hits) != 2 || len(r.Hits[0].AlsoIn) != 11 || r.Hits[1].Path != "other.md" {
		var got []string
		for _, h := range r.Hits {
			got = append(got, fmt.Sprintf("%s+%d", h.Path, len(h.AlsoIn)))
		}
		t.Errorf("hits %v: want one copy with 11 others, then other.md", got)
	}
}

// A paragraph on one long line is split into several passages; the page
// cites that line once, not once per passage, and lists the line's other
// passages under it.
func TestALongOneLineParagraphIsCitedOnce(t *testing.T) {
	ix := openTemp(t)
	var para strings.Builder
	for i := 0; para.Len() < 3000; i++ {
		fmt.Fprintf(&para, "Shingles vaccine note %d: adults over fifty get two doses some months apart. ", i)
	}
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"long.md":  "# Shingles\n\n" + para.String() + "\n\n## Side effects\n\nA sore arm after the shingles vaccine is common.\n",
		"other.md": "# Other\n\nThe shingles vaccine schedule for adults.\n",
	})
	var n int
	if err := ix.db.QueryRow(`SELECT count(*) FROM chunks c JOIN documents d ON d.id = c.doc_id WHERE d.rel_path = 'long.md'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n < 3 {
		t.Fatalf("long.md has %d passages: the paragraph was not split, so the test shows nothing", n)
	}
	r := search(t, ix, "shingles vaccine doses")
	seen := map[string]bool{}
	folded := 0
	for _, h := range r.Hits {
		loc := fmt.Sprintf("%s:%d-%d", h.Path, h.StartLine, h.EndLine)
		if seen[loc] {
			t.Errorf("%s is cited twice on the page", loc)
		}
		seen[loc] = true
		for _, m := range h.More {
			if m.Path == "long.md" && m.StartLine == 3 && m.EndLine == 3 {
				folded++
			}
		}
	}
	if !seen["long.md:3-3"] || !seen["long.md:7-7"] {
		t.Errorf("citations %v: want the long line (3) and the side effects (7)", seen)
	}
	if folded != n-2 {
		t.Errorf("%d of the long line's other %d passages are under it", folded, n-2)
	}
}

// The last passage of a long one-line paragraph also holds the short
// paragraph after it ("24-27" beside "24"): the page still cites the long
// line once, the passage sharing its line folded under the better one.
func TestTheEndOfALongLineWithTheNextParagraphFoldsUnderTheLine(t *testing.T) {
	ix := openTemp(t)
	// The line's start answers; its end only names shingles, and its
	// last passage takes the short paragraph after it.
	var para strings.Builder
	for i := 0; para.Len() < 1500; i++ {
		fmt.Fprintf(&para, "Shingles vaccine note %d: adults over fifty get two doses some months apart. ", i)
	}
	for i := 0; para.Len() < 3500; i++ {
		fmt.Fprintf(&para, "Garden note %d: the tomatoes went in late this year, well after the shingles on the shed were mended. ", i)
	}
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"long.md":  "# Shingles\n\n" + para.String() + "\n\nReviewed in spring.\n",
		"other.md": "# Other\n\nThe shingles vaccine schedule for adults.\n",
	})
	var spans int
	if err := ix.db.QueryRow(`SELECT count(*) FROM chunks c JOIN documents d ON d.id = c.doc_id
		WHERE d.rel_path = 'long.md' AND c.start_line = 3 AND c.end_line = 5`).Scan(&spans); err != nil {
		t.Fatal(err)
	}
	if spans != 1 {
		t.Fatalf("long.md has %d passages of lines 3-5: the line's end was not chunked with the next paragraph, so the test shows nothing", spans)
	}
	r := search(t, ix, "shingles vaccine doses")
	var cites []string
	for _, h := range r.Hits {
		if h.Path == "long.md" {
			cites = append(cites, fmt.Sprintf("%d-%d", h.StartLine, h.EndLine))
		}
	}
	if len(cites) != 1 {
		t.Errorf("long.md is cited as %v: want its long line once, its other passages under it", cites)
	}
}

// A passage within the lines of another hit of its file folds under that
// hit, where its lines are, not under the file's best hit: the file's
// second hit cites line 9, its passage of line 9 ranked later goes there.
func TestAPassageFoldsUnderTheHitWhoseLinesHoldIt(t *testing.T) {
	at := func(from, to int) Hit { return Hit{Folder: "/notes", Path: "a.md", StartLine: from, EndLine: to} }
	page := fold([]Hit{at(1, 3), at(9, 9), at(9, 9), at(20, 22)}, 3)
	if len(page) != 3 {
		t.Fatalf("%d hits, want 3 (1-3, 9, 20-22)", len(page))
	}
	lines := func(hs []Hit) (out []int) {
		for _, h := range hs {
			out = append(out, h.StartLine)
		}
		return out
	}
	if len(page[0].More) != 0 || len(page[1].More) != 1 || page[1].More[0].StartLine != 9 {
		t.Errorf("under 1-3: lines %v, under 9: lines %v; want line 9's other passage under line 9", lines(page[0].More), lines(page[1].More))
	}
	// Past three hits of a file, the rest go under its best, as before.
	page = fold([]Hit{at(1, 3), at(9, 9), at(20, 22), at(30, 30), at(30, 30)}, 3)
	if len(page) != 3 || len(page[0].More) != 2 {
		t.Errorf("%d hits, %d under the best; want 3 and 2 (line 30 and its other passage)", len(page), len(page[0].More))
	}
}

func TestQuestionsRankTheirOwnLanguageFirst(t *testing.T) {
	// The same command in three languages; the translations repeat it, so
	// by its words alone they would rank first.
	ix := libraryOf(t, map[string]string{
		"pages/tar.md":    "# tar\n\n> Packs and unpacks files.\n\n- Unpack here:\n\n`tar xzf {{path/to/archive.tar.gz}}`\n",
		"pages.ko/tar.md": "# tar\n\n> 아카이브 유틸리티.\n\n- 현재 디렉토리에 풀기:\n\n`tar xzf {{path/to/archive.tar.gz}}`\n\n- 지정한 디렉토리에 풀기:\n\n`tar xzf {{path/to/archive.tar.gz}} -C {{path/to/target}}`\n",
		"pages.es/tar.md": "# tar\n\n> Utilidad de archivado.\n\n- Descomprime en el directorio actual:\n\n`tar xzf {{ruta/al/archive.tar.gz}}`\n\n- Descomprime en un directorio:\n\n`tar xzf {{ruta/al/archive.tar.gz}} -C {{ruta/al/destino}}`\n",
		// Persian writes Arabic script: told apart by its own letters.
		"pages.ar/tar.md": "# tar\n\n> أداة الأرشفة.\n\n- استخراج الأرشيف هنا:\n\n`tar xzf {{path/to/archive.tar.gz}}`\n",
		"pages.fa/tar.md": "# tar\n\n> ابزار آرشیو کردن.\n\n- استخراج آرشیو در پوشه فعلی:\n\n`tar xzf {{path/to/archive.tar.gz}}`\n\n- استخراج آرشیو در پوشه دیگر:\n\n`tar xzf {{path/to/archive.tar.gz}} -C {{path/to/target}}`\n\n- استخراج یک فایل:\n\n`tar xzf {{path/to/archive.tar.gz}} {{path/to/file}}`\n",
	})
	for q, want := range map[string]string{
		"how do I use tar xzf on an archive.tar.gz": "pages/tar.md",
		"cómo uso tar xzf con un archive.tar.gz":    "pages.es/tar.md",
		"tar xzf archive.tar.gz 디렉토리에 풀기":           "pages.ko/tar.md",
		"كيف يمكنني استخراج tar xzf":                "pages.ar/tar.md",
	} {
		if got := firstPath(t, ix, q); got != want {
			t.Errorf("%q: %s first, want %s", q, got, want)
		}
	}
}

// tldr holds its pages in Simplified and in Traditional Chinese, with the
// same commands: a question typed in one ranks the page in it first, even
// when the other repeats the question's words more.
func TestAChineseQuestionRanksItsOwnScriptFirst(t *testing.T) {
	ix := libraryOf(t, map[string]string{
		"pages.zh/tar.md":    "# tar\n\n> 归档工具。\n\n- 解压到当前目录：\n\n`tar xzf {{路径/到/源.tar.gz}}`\n",
		"pages.zh_TW/tar.md": "# tar\n\n> 封存工具。\n\n- 解壓到當前目錄：\n\n`tar xzf {{路徑/到/來源.tar.gz}}`\n\n- 解壓到指定目錄：\n\n`tar xzf {{路徑/到/來源.tar.gz}} -C {{路徑/到/目錄}}`\n",
		"pages.zh/zip.md":    "# zip\n\n> 压缩工具。\n\n- 压缩一个目录：\n\n`zip -r {{路径/到/压缩包.zip}} {{路径/到/目录}}`\n\n- 压缩并加密：\n\n`zip -r -e {{路径/到/压缩包.zip}} {{路径/到/目录}}`\n\n- 查看 zip 工具的版本：\n\n`zip -v`\n",
		"pages.zh_TW/zip.md": "# zip\n\n> 壓縮工具。\n\n- 壓縮一個目錄：\n\n`zip -r {{路徑/到/壓縮檔.zip}} {{路徑/到/目錄}}`\n",
	})
	for q, want := range map[string]string{
		"这个 tar xzf 工具": "pages.zh/tar.md",
		"這個 zip 工具":     "pages.zh_TW/zip.md",
	} {
		if got := firstPath(t, ix, q); got != want {
			t.Errorf("%q: %s first, want %s", q, got, want)
		}
	}
}

// A word typed twice is what the question is about: two pages each
// holding one of its rare words, the shorter holding the word said once,
// and the page of the word said twice comes first.
func TestAWordTypedTwiceWeighsMore(t *testing.T) {
	files := map[string]string{
		"kettle.md": "# Appliances\n\nA kettle furred up with limescale needs descaling with citric acid every month or so.\n",
		"fuse.md":   "# Plugs\n\nA blown fuse in the plug stops it.\n",
		"oven.md":   "# Ovens\n\nClean the oven racks in a bath of hot soapy water.\n",
	}
	ix := libraryOf(t, withChores(files))
	if got := firstPath(t, ix, "the kettle went off, is the kettle gone or is it the fuse"); got != "kettle.md" {
		t.Errorf("%s first, want kettle.md", got)
	}
	// Said once each, the shorter page comes first: the repeat decided it.
	if got := firstPath(t, ix, "the kettle went off, is it the fuse"); got != "fuse.md" {
		t.Errorf("said once: %s first, want fuse.md", got)
	}
}

// A passage inherits evidence from its file: the overview of the page about
// fevers in children comes before a page on sleep that shares the
// question's everyday words (child, night, give) and scores a little more
// on its own, because the page's best passage (Medicines) answers the
// question. Without File the sleep page stood between them. (The sleep
// note is a sentence longer than it was: with Span, its one short
// sentence holding all three words outscored the overview by more than
// File lifts it.)
func TestAPassageInheritsEvidenceFromItsFile(t *testing.T) {
	files := map[string]string{
		"fever.md": "# Fever in children\n\nA fever in a child is a temperature of 38 °C or more. Most fevers in children come with a cold and pass in three days; a child with a fever needs plenty to drink.\n\n" +
			"## Medicines\n\nParacetamol or ibuprofen bring the temperature down. Give the dose on the packet for the age, and no more than four doses in a day.\n",
		"sleep.md": "# Sleep\n\nA child who wakes at night may be too warm. Take off a blanket and keep the room cool. Give a drink of water.\n",
	}
	ix := libraryOf(t, withChores(files))
	order := func(file float64) (got []string, gap []float64) {
		w := rank.Default
		w.File = file
		r, err := ix.Search(context.Background(), "what can I give my child at night for a fever", SearchOptions{Limit: 3, PerFile: -1, Ranking: &w, Explain: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range r.Hits {
			got = append(got, fmt.Sprintf("%s:%d", h.Path, h.StartLine))
			for _, c := range h.Explanation {
				if c.Name == "file" {
					gap = append(gap, c.Value)
				}
			}
		}
		return got, gap
	}
	got, gap := order(rank.Default.File)
	if want := []string{"fever.md:7", "fever.md:3", "sleep.md:3"}; !slices.Equal(got, want) {
		t.Errorf("hits %v, want %v", got, want)
	}
	if len(gap) != 3 || gap[0] != 0 || gap[1] <= 0 || gap[2] != 0 {
		t.Errorf("--explain's file gaps %v: want 0 for each file's best passage, more for the overview", gap)
	}
	if got, _ := order(0); !slices.Equal(got, []string{"fever.md:7", "sleep.md:3", "fever.md:3"}) {
		t.Errorf("without File: %v, want the sleep page second (the shape no longer tests File)", got)
	}
}

// A keyword query has too few function words to tell its Latin language
// ("tar xzf archive"): the language most of its best candidates are in
// stands for it, so the English page comes before the French and
// Portuguese ones, which repeat the same commands more often.
func TestAKeywordQueryTakesItsCandidatesLanguage(t *testing.T) {
	ix := libraryOf(t, map[string]string{
		"pages/tar.md":  "# tar\n\n> Packs and unpacks files.\n\n- Unpack an archive here:\n\n`tar xzf {{path/to/archive.tar.gz}}`\n",
		"pages/zip.md":  "# zip\n\n> Packs files into an archive.\n\n- Add a folder to an archive:\n\n`zip -r {{path/to/archive.zip}} {{path/to/folder}}`\n",
		"pages/gzip.md": "# gzip\n\n> Compresses one file; tar makes the archive.\n\n- Compress a file:\n\n`gzip {{path/to/file}}`\n",
		"pages.fr/tar.md": "# tar\n\n> Utilitaire d'archivage.\n\n- Extraire une archive ici :\n\n`tar xzf {{chemin/vers/archive.tar.gz}}`\n\n" +
			"- Extraire une archive dans un dossier :\n\n`tar xzf {{chemin/vers/archive.tar.gz}} -C {{chemin/vers/dossier}}`\n",
		"pages.pt/tar.md": "# tar\n\n> Utilitário de arquivamento.\n\n- Extrai um arquivo aqui:\n\n`tar xzf {{caminho/para/archive.tar.gz}}`\n\n" +
			"- Extrai um arquivo para uma pasta:\n\n`tar xzf {{caminho/para/archive.tar.gz}} -C {{caminho/para/pasta}}`\n",
	})
	r, err := ix.Search(context.Background(), "tar xzf archive", SearchOptions{Limit: 5, Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range r.Hits {
		got = append(got, h.Path)
	}
	if len(got) < 3 || got[0] != "pages/tar.md" {
		t.Fatalf("hits %v: want pages/tar.md first", got)
	}
	for _, h := range r.Hits {
		for _, c := range h.Explanation {
			if c.Name == "language" && (c.Value == 1) != strings.HasPrefix(h.Path, "pages/") {
				t.Errorf("%s: language %v", h.Path, c.Value)
			}
		}
	}
}

// The passage whose one sentence says the question outranks a sibling
// that says each of its words, more often, in items of a list (Span): a
// reference page's list of options and facts holds every word of "stop git
// asking for my password every time" somewhere, and scored above the
// section answering it in one sentence until a passage was measured by
// its best run of twenty words.
func TestTheSentenceSayingTheQuestionOutranksAListScatteringItsWords(t *testing.T) {
	files := map[string]string{
		"git.md": "# Git credentials\n\n## Reference\n\n" +
			"- `git credential fill` reads from the terminal and prints what it read, so that a script can pass it on.\n" +
			"- A password is read from standard input when no terminal is open, one line at a time.\n" +
			"- The settings of every remote are kept in the repository's config file, with their addresses and branches.\n" +
			"- `git credential-cache exit` makes the cache daemon forget what it holds and stop.\n" +
			"- Prompts on the terminal are turned off when the variable GIT_TERMINAL_PROMPT is 0, for scripts that cannot answer one asking.\n" +
			"- A password kept in the config file is read by anyone who can read the repository.\n" +
			"- On a fetch, git runs the helper named in its config for the remote's address and port.\n" +
			"- Each time a helper fails, the next one in the list is tried, in order.\n" +
			"- The password of a remote can be changed on its server only.\n" +
			"- `git help credentials` lists the helpers that come with git.\n" +
			"- Every helper reads the same lines on its standard input.\n" +
			"- Asking for a user name comes first, by default.\n\n" +
			"## Helpers\n\nA credential helper is a small program that git runs for it. " +
			"Once a helper stores your password, git stops asking for it every single time. " +
			"The store helper writes it to a file in your home folder in plain text; the cache helper keeps it in memory for fifteen minutes, and the manager of your desktop keeps it in its keychain. Helpers can be chained: the first one that knows an answer gives it, and the others are not consulted. Choose one that suits how often you work on that machine.\n",
		"other.md": "# Shell\n\nThe terminal keeps a history of every command.\n",
	}
	ix := libraryOf(t, withChores(files))
	first := func(span float64) string {
		w := rank.Default
		w.Span = span
		r, err := ix.Search(context.Background(), "stop git asking for my password every time", SearchOptions{Limit: 3, PerFile: -1, Ranking: &w})
		if err != nil || len(r.Hits) == 0 {
			t.Fatalf("no hits (%v)", err)
		}
		return strings.Join(r.Hits[0].HeadingPath, " > ")
	}
	if got := first(rank.Default.Span); got != "Git credentials > Helpers" {
		t.Errorf("%q first, want the Helpers section's sentence", got)
	}
	if got := first(0); got != "Git credentials > Reference" {
		t.Errorf("without Span: %q first, want the list (the shape no longer tests Span)", got)
	}
}

// A question in lay words names the kind of answer it wants ("how
// common", "life expectancy") in words the page's question headings do
// not use.
func TestAQuestionFindsTheSectionThatAnswersItsKind(t *testing.T) {
	ix := libraryOf(t, map[string]string{
		"huntington.md": "# Huntington disease\n\n## What is Huntington disease?\n\nHuntington disease is an inherited disease of the brain. " +
			"The disease changes movement, thinking and mood; Huntington disease usually starts in midlife.\n\n" +
			"## What is the outlook for Huntington disease?\n\nMost people live 15 to 20 years after signs begin.\n\n" +
			"## How many people are affected by Huntington disease?\n\nAbout 3 to 7 in 100,000 people of European descent.\n",
	})
	for q, want := range map[string]string{
		"huntington disease life expectancy after diagnosis": "What is the outlook for Huntington disease?",
		"how common is huntington disease":                   "How many people are affected by Huntington disease?",
	} {
		r := search(t, ix, q)
		if len(r.Hits) == 0 || r.Hits[0].HeadingPath[len(r.Hits[0].HeadingPath)-1] != want {
			var got []string
			for _, h := range r.Hits {
				got = append(got, strings.Join(h.HeadingPath, " > "))
			}
			t.Errorf("%q: %q, want %q first", q, got, want)
		}
	}
}

func TestOneRareWordDoesNotOutrankTheRestOfTheQuestion(t *testing.T) {
	files := map[string]string{
		"leave.md": "# Leave\n\n## Carry-over\n\nUnused annual leave hours carry over to the next year, up to 240 hours.\n",
		// One rare word of the question, in a title.
		"dice.md": "# rolldice\n\n> Rolls virtual dice.\n\n- Roll a single 20-sided die:\n\n`rolldice d20`\n",
	}
	for i := range 8 { // the question's other words are common
		files[fmt.Sprintf("note%d.md", i)] = fmt.Sprintf("# Note %d\n\nPlans for the next year, in hours.\n\nOther annual plans.\n", i)
	}
	ix := libraryOf(t, files)
	q := "how many unused annual hours rolls over to next year"
	r := search(t, ix, q)
	for i, h := range r.Hits {
		if h.Path == "dice.md" && i < len(r.Hits)-1 {
			t.Errorf("%q: the passage holding only \"rolls\" ranks %d of %d", q, i+1, len(r.Hits))
		}
	}
	if got := firstPath(t, ix, q); got != "leave.md" {
		t.Errorf("%q: %s first, want leave.md", q, got)
	}
	// Quoted, the one word is what was asked for.
	if got := firstPath(t, ix, `how many unused annual hours "rolls" over to next year`); got != "dice.md" {
		t.Errorf("quoted rolls: %s first, want dice.md", got)
	}
}

// hitPaths are the paths of a page's hits, in order.
// saidForm reports r to say, under "Also searched", that it searched
// searched for the typed word as another form of it.
func saidForm(r *Results, typed, searched string) bool {
	for _, c := range r.Corrections {
		if c.Form && c.Typed == typed && c.Searched == searched {
			return true
		}
	}
	return false
}

// typoFor lists the words searched for a typed word read as a typo (not
// its family's).
func typoFor(r *Results, typed string) []string {
	var out []string
	for _, c := range r.Corrections {
		if !c.Form && c.Typed == typed {
			out = append(out, c.Searched)
		}
	}
	return out
}

func hitPaths(r *Results) []string {
	var out []string
	for _, h := range r.Hits {
		out = append(out, h.Path)
	}
	return out
}

// withChores adds ten short pages about other things to files, so the
// words a test asks about are rare, as in a real library, and weigh by
// their IDF.
func withChores(files map[string]string) map[string]string {
	for _, w := range []string{"sink", "drain", "freezer", "mop", "window", "curtain", "rug", "sofa", "lamp", "shelf"} {
		files[w+".md"] = "# " + w + "\n\nDust the " + w + " now and then.\n"
	}
	return files
}

func firstPath(t *testing.T, ix *Index, q string) string {
	t.Helper()
	r := search(t, ix, q)
	if len(r.Hits) == 0 {
		return "nothing"
	}
	return r.Hits[0].Path
}

// A backup of a folder added to the library as a folder of its own holds
// the same files at the same paths: its passages are copies, shown once
// ("also in"), not the same passage once per folder.
func TestAFolderAndItsBackupShowEachPassageOnce(t *testing.T) {
	ix := openTemp(t)
	files := map[string]string{
		"leave.md": "# Leave\n\nAnnual leave carries over up to 240 hours into the next year.\n",
		"other.md": "# Other\n\nSick leave is separate from annual leave.\n",
	}
	ctx := context.Background()
	var dirs []string
	for range 3 {
		dir := t.TempDir()
		testutil.WriteFiles(t, dir, files)
		if _, err := ix.AddFolder(ctx, dir, ImportOptions{}); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, dir)
	}
	r, err := ix.Search(ctx, "annual leave carries over", SearchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, h := range r.Hits {
		if seen[h.Path] {
			t.Errorf("%s shown twice (folders %s)", h.Path, h.Folder)
		}
		seen[h.Path] = true
	}
	if len(r.Hits) == 0 || r.Hits[0].Path != "leave.md" || len(r.Hits[0].AlsoIn) != 2 {
		var got []string
		for _, h := range r.Hits {
			got = append(got, fmt.Sprintf("%s (%d copies)", h.Path, len(h.AlsoIn)))
		}
		t.Fatalf("hits %v: want leave.md first, also in the 2 other folders", got)
	}
	for _, a := range r.Hits[0].AlsoIn {
		if a.Folder == r.Hits[0].Folder {
			t.Errorf("a copy in the same folder: %s", a.Folder)
		}
	}
}

// Passages that score the same without being copies (same length, same
// words) are each shown with their own text.
func TestPassagesTiedOnScoreKeepTheirOwnText(t *testing.T) {
	ix := openTemp(t)
	files := map[string]string{}
	for i := range 6 {
		files[fmt.Sprintf("rule%d.md", i)] = fmt.Sprintf("# Rules\n\nLeave rule %d applies.\n", i)
	}
	ctx := context.Background()
	for range 2 { // and each in a backup folder
		dir := t.TempDir()
		testutil.WriteFiles(t, dir, files)
		if _, err := ix.AddFolder(ctx, dir, ImportOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	r, err := ix.Search(ctx, "leave rule", SearchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Hits) != 6 {
		t.Fatalf("%d hits, want the 6 rules once each", len(r.Hits))
	}
	for _, h := range r.Hits {
		n := strings.TrimSuffix(strings.TrimPrefix(h.Path, "rule"), ".md")
		if !strings.Contains(h.Text, "rule "+n+" ") || len(h.AlsoIn) != 1 || h.AlsoIn[0].Path != h.Path || h.AlsoIn[0].Text != h.Text {
			t.Errorf("%s: text %q, copies %d", h.Path, h.Text, len(h.AlsoIn))
		}
	}
}

// A question in everyday words ranks first the passage that says the same
// in reference words, and says which words it added.
func TestEverydayWordsFindThePassageInReferenceWords(t *testing.T) {
	ix := libraryOf(t, map[string]string{
		"health.md": "# School health\n\nEvery child at school should get the influenza vaccine each autumn, from the school nurse.\n",
		"sports.md": "# School\n\nSchool sports at school.\n",
	})
	r := search(t, ix, "flu shot for kids at school")
	if len(r.Hits) == 0 || r.Hits[0].Path != "health.md" {
		t.Fatalf("hits %v, want health.md first (influenza vaccine for children)", hitPaths(r))
	}
	var added []string
	for _, c := range r.Corrections {
		if c.Form {
			added = append(added, c.Typed+"→"+c.Searched)
		}
	}
	if !slices.Contains(added, "flu→influenza") || !slices.Contains(added, "shot→vaccine") {
		t.Errorf("also searched %v, want flu→influenza and shot→vaccine", added)
	}
}

// "Born" is how people say it, "birth" how a policy writes it: the
// question the issue opens with finds the parental leave rule, not the
// pages that merely say stay, home and after.
func TestABabyBornFindsTheLeaveForABirth(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"leave.md":   "# Paid parental leave\n\nYou can take up to 12 weeks of paid leave within one year after the birth of your child.\n",
		"leaving.md": "# Leaving the team\n\nKeep your home address current after you leave, so forms reach you.\n",
		"remote.md":  "# Working remotely\n\nStay home when the office is closed after a storm, and work from there.\n",
		"travel.md":  "# Travel\n\nAfter a trip, stay home the next day if you flew overnight.\n",
	})
	r := search(t, ix, "how long can I stay home after my baby is born")
	if got := hitPaths(r); len(got) == 0 || got[0] != "leave.md" {
		t.Fatalf("hits %q, want leave.md first", got)
	}
	if !saidForm(r, "born", "birth") {
		t.Errorf("also searched %+v, want birth for born", r.Corrections)
	}
}

// A word the notes never write, alone or in a question, finds the notes
// that write another word of its family ("absorption", "absorb"), which
// it weighs as such; a quoted word still means exactly that word.
func TestAWordTheNotesNeverWriteFindsItsFamily(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"iron.md":  "# Iron\n\nVitamin C helps the gut absorb iron from plants.\n",
		"plant.md": "# Houseplants\n\nWater plants once a week.\n",
	})
	for _, q := range []string{"absorption", "poor absorption"} {
		r := search(t, ix, q)
		if got := hitPaths(r); !slices.Equal(got, []string{"iron.md"}) {
			t.Errorf("%q: hits %q, want iron.md only", q, got)
		}
	}
	if got := hitPaths(search(t, ix, `"absorption"`)); len(got) != 0 {
		t.Errorf(`"absorption" quoted: hits %q, want none`, got)
	}
}

// A few keywords are searched as the pages write them too: "car
// allowance" finds the page about a vehicle allowance, which holds neither
// word as typed. A question's words are searched as typed (their forms
// still count in the ranking): the forms of eight words would bring too
// many passages about other things (README, Ranking).
func TestAFewKeywordsFindThePagesWordsForThem(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"vehicle.md": "# Adaptive equipment\n\nA one-time payment helps you buy a specially equipped vehicle.\n",
		"pool.md":    "# Car pools\n\nShare a car with a coworker.\n",
	})
	if got := hitPaths(search(t, ix, "car")); !slices.Contains(got, "vehicle.md") {
		t.Errorf("car: hits %q, want vehicle.md among them", got)
	}
	if got := hitPaths(search(t, ix, `"car"`)); slices.Contains(got, "vehicle.md") {
		t.Errorf(`"car" quoted: hits %q, want car only`, got)
	}
	if got := hitPaths(search(t, ix, "can a coworker share my car for the trip")); slices.Contains(got, "vehicle.md") {
		t.Errorf("a question: hits %q, want only passages holding its words", got)
	}
}

// An Arabic question names a computing thing as it is said, in Arabic
// letters (الكومبوننت, البورت); the Arabic pages write its Arabic word
// (المكون, المنفذ). A word the library holds is never read so: ليست
// ("is not") has the consonants of "list" and still means itself.
func TestAComputingWordSaidInArabicLettersFindsItsPage(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"components.md": "# المكونات\n\nيستقبل المكون البيانات من الأب عبر الخاصيات.\n",
		"lsof.md":       "# lsof\n\nالعثور على العملية التي فتحت منفذ محدد.\n",
		"lists.md":      "# قائمة التسوق\n\nخبز وحليب وشاي.\n",
		"notes.md":      "# ملاحظات\n\nهذه الملاحظات ليست نهائية.\n",
		"server.md":     "# الخادم\n\nأعد تشغيل الخادم.\n",
		"upload.md":     "# الرفع\n\nسيرفع الملف لاحقا.\n",
		"clear.md":      "# clear\n\nيمسح شاشة الطرفية.\n",
		"tr.md":         "# tr\n\nاستبدال حرف بحرف آخر في ملف.\n",
	})
	// السيرفر is one letter from سيرفع ("will upload"), but a loanword is
	// no typo.
	for q, want := range map[string]string{"الكومبوننت": "components.md", "مين فاتح البورت": "lsof.md", "ليست": "notes.md", "السيرفر": "server.md",
		"الترمينال": "clear.md", "ال terminal": "clear.md", "كل letter": "tr.md"} {
		if got := hitPaths(search(t, ix, q)); !slices.Equal(got, []string{want}) {
			t.Errorf("%q: hits %q, want %s only", q, got, want)
		}
	}
	if r := search(t, ix, "الكومبوننت"); !saidForm(r, "الكومبوننت", "المكون") {
		t.Errorf("Also searched: %+v, want المكون for الكومبوننت", r.Corrections)
	}
	if got := hitPaths(search(t, ix, `"الكومبوننت"`)); len(got) != 0 {
		t.Errorf(`quoted: hits %q, want none`, got)
	}
}

// A word that Porter's rules would merge with another meaning finds only
// its own: a terminal is not terminal illness, several is not severe, to
// paste is not the past. Its own inflections still meet it.
func TestHomographsFindOnlyTheirOwnMeaning(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"ill.md":    "# Accelerated benefits\n\nPolicyholders who are terminally ill can get part of the payout early.\n",
		"shell.md":  "# Shell basics\n\nOpen the Terminals app and type the command.\n",
		"burns.md":  "# Burns\n\nSevere burns need a doctor the same day.\n",
		"trips.md":  "# Trips\n\nSeveral trips a year are paid for.\n",
		"past.md":   "# History\n\nIn the past, forms were sent by post.\n",
		"editor.md": "# Editor\n\nPasting text keeps its formatting.\n",
	})
	for q, want := range map[string]string{"open a terminal": "shell.md", "several": "trips.md", "paste text": "editor.md"} {
		got := hitPaths(search(t, ix, q))
		if !slices.Equal(got, []string{want}) {
			t.Errorf("%q: hits %q, want only %q", q, got, want)
		}
	}
}

// A contraction's negation is "not": "won't" finds what will not happen,
// not what someone won, and "isn't" meets a page's "is not".
func TestContractionsMeanNot(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"lottery.md": "# Lottery\n\nShe won the prize last spring.\n",
		"laptop.md":  "# Laptop\n\nIf it will not start, hold the power button.\n",
		"fees.md":    "# Fees\n\nThe fee is not refundable.\n",
		"spring.md":  "# Spring\n\nIsn refers to nothing here.\n",
	})
	for q, want := range map[string]string{"won't start": "laptop.md", "won't power": "laptop.md", "isn't refundable": "fees.md"} {
		got := hitPaths(search(t, ix, q))
		if len(got) == 0 || got[0] != want || slices.Contains(got, "lottery.md") || slices.Contains(got, "spring.md") {
			t.Errorf("%q: hits %q, want %q first and neither lottery.md nor spring.md", q, got, want)
		}
	}
}

// A question in British spelling finds a page in American spelling, and
// the other way round, with the page's own word highlighted; a quoted
// British word finds the American one too (it is the same word, as a
// stem is), while the words the rules leave alone stay apart.
func TestBritishAndAmericanSpellingsMeet(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"fever.md":  "# Fever\n\nPediatric fever with a hematoma or edema after a fall needs a doctor.\n",
		"theme.md":  "# Theme\n\nThe colour of the sidebar follows the organisation's palette.\n",
		"reflux.md": "# Reflux\n\nGastroesophageal reflux is common in infants.\n",
	})
	for q, want := range map[string]string{
		"paediatric fever": "fever.md", "haematoma": "fever.md", "oedema after a fall": "fever.md",
		"sidebar color": "theme.md", "organization palette": "theme.md", `"color"`: "theme.md",
	} {
		r := search(t, ix, q)
		if got := hitPaths(r); len(got) == 0 || got[0] != want {
			t.Errorf("%q: hits %q, want %q first", q, got, want)
			continue
		}
		if len(r.Hits[0].Snippet.Highlights) == 0 {
			t.Errorf("%q: the page's spelling is not highlighted", q)
		}
	}
	// gastroesophageal is a word of its own: the rule that folds
	// oesophageal to esophageal starts only at a word's start.
	if got := hitPaths(search(t, ix, "esophageal")); slices.Contains(got, "reflux.md") {
		t.Errorf("esophageal: hits %q; gastroesophageal is another word", got)
	}
}

// A typo is one letter from the word meant even when their stems differ by
// more: "interpretor" is one edit from interpreter (stem interpret, two
// edits from interpretor) and from the Spanish interpretar (stem
// interpretar, one edit). The English word, commoner here, comes first.
func TestATypoMeetsTheWordOneLetterAwayNotItsStem(t *testing.T) {
	ix := openTemp(t)
	files := map[string]string{}
	for i := range 4 {
		files[fmt.Sprintf("en%d.md", i)] = fmt.Sprintf("# Meetings %d\n\nBook a sign language interpreter three days ahead.\n", i)
	}
	for i := range 3 {
		files[fmt.Sprintf("es%d.md", i)] = fmt.Sprintf("# Reuniones %d\n\nPuede interpretar el texto en voz alta.\n", i)
	}
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, files)
	r := search(t, ix, "sign language interpretor?")
	if len(r.Corrections) == 0 || r.Corrections[0].Searched != "interpreter" {
		t.Fatalf("corrections %+v, want interpreter first", r.Corrections)
	}
	if r.Corrections[0].Typed != "interpretor" { // said without the question mark
		t.Errorf("typed %q", r.Corrections[0].Typed)
	}
	if len(r.Hits) == 0 || !strings.HasPrefix(r.Hits[0].Path, "en") {
		t.Errorf("first hit %+v, want an English page", r.Hits)
	}
}

// A correction is a word written close to what was typed, not only a stem
// close to its stem: "somthing" (stem somth) is something, not south,
// which a one-letter change of it ("southing") merely stems to.
func TestATyposCorrectionIsWrittenLikeIt(t *testing.T) {
	files := map[string]string{}
	for i := range 5 {
		files[fmt.Sprintf("fault%d.md", i)] = fmt.Sprintf("# Fault %d\n\nIf something is broken, restart the playground.\n", i)
	}
	for i := range 3 {
		files[fmt.Sprintf("map%d.md", i)] = fmt.Sprintf("# Map %d\n\nThe trail runs south of the lake.\n", i)
	}
	ix := libraryOf(t, files)
	r := search(t, ix, "is somthing broken")
	if len(r.Corrections) != 1 || r.Corrections[0].Searched != "something" {
		t.Errorf("corrections %+v, want something alone", r.Corrections)
	}
	for _, h := range r.Hits {
		if strings.HasPrefix(h.Path, "map") {
			t.Errorf("a page about the south was searched for somthing: %v", hitPaths(r))
		}
	}
}

// The check reads enough of the library to find the word as typed: the
// first passages holding separ write only "separately", three letters
// from "seperate", and a later one writes "separate".
func TestATyposCorrectionIsFoundPastItsFirstForms(t *testing.T) {
	files := map[string]string{"z.md": "# Folders\n\nKeep work and home files in separate folders.\n"}
	for i := range 5 {
		files[fmt.Sprintf("a%d.md", i)] = fmt.Sprintf("# Notes %d\n\nStore the receipts separately.\n", i)
	}
	ix := libraryOf(t, files)
	r := search(t, ix, "seperate folders")
	if len(r.Corrections) == 0 || r.Corrections[0].Typed != "seperate" {
		t.Errorf("corrections %+v, want seperate corrected", r.Corrections)
	}
	if len(r.Hits) == 0 || r.Hits[0].Path != "z.md" {
		t.Errorf("hits %v, want z.md first", hitPaths(r))
	}
}

// A word of English the library lacks is not a typo: a common one
// ("garbled" is not searched as gargle) or one WordNet derives from another
// ("stinky breath" is not searched as sticky); a misspelling beside it
// still is corrected.
func TestARealWordIsNotCorrected(t *testing.T) {
	for _, c := range []struct {
		files             map[string]string
		word, typo, fixed string
	}{
		{map[string]string{
			"a.md": "# Sore throat\n\nGargle with warm salt water.\n",
			"b.md": "# Text\n\nThe letters came out wrong.\n",
		}, "garbled letters", "gargel", "gargle"},
		{map[string]string{
			"a.md": "# Breath odor\n\nBad breath can come from garlic and onions.\n",
			"b.md": "# Glue\n\nThe sticky label holds the note.\n",
			"c.md": "# Tape\n\nSticky tape peels off.\n",
		}, "stinky breath", "stikcy tape", "sticky"},
	} {
		ix := libraryOf(t, c.files)
		if r := search(t, ix, c.word); len(r.Corrections) != 0 {
			t.Errorf("%q corrected to %+v", c.word, r.Corrections)
		}
		if r := search(t, ix, c.typo); len(r.Corrections) != 1 || r.Corrections[0].Searched != c.fixed {
			t.Errorf("%q: corrections %+v, want %s", c.typo, r.Corrections, c.fixed)
		}
	}
}

// Of two corrections as close to a typo and about as common, the one the
// question's other words keep company with is searched: "mortage" is
// mortgage beside life insurance and montage beside video editing, and
// both alone, as the library's counts alone cannot choose.
func TestATyposCorrectionIsChosenByTheQuestionsOtherWords(t *testing.T) {
	files := map[string]string{}
	for i := range 6 {
		files[fmt.Sprintf("loan%d.md", i)] = fmt.Sprintf("# Loan %d\n\nMortgage life insurance pays the loan if you die.\n", i)
		files[fmt.Sprintf("film%d.md", i)] = fmt.Sprintf("# Film %d\n\nCut a montage in the video editing app.\n", i)
	}
	files["film6.md"] = "# Film 6\n\nA montage of stills.\n"
	ix := libraryOf(t, files)
	searched := func(q string) []string {
		var out []string
		for _, c := range search(t, ix, q).Corrections {
			out = append(out, c.Searched)
		}
		slices.Sort(out)
		return out
	}
	for q, want := range map[string][]string{
		"mortage life insurance": {"mortgage"},
		"mortage video editing":  {"montage"},
		"mortage":                {"montage", "mortgage"},
	} {
		if got := searched(q); !slices.Equal(got, want) {
			t.Errorf("%q searched %v for mortage, want %v", q, got, want)
		}
	}
}

// A pasted log holds dozens of unknown words: only the first typoWords of
// them are looked up for corrections, so such a search stays fast.
func TestOnlyTheFirstUnknownWordsAreCorrected(t *testing.T) {
	ix := openTemp(t)
	words := []string{"garden", "window", "pocket", "silver", "basket", "candle", "rabbit", "ticket", "button", "marble", "anchor", "bottle"}
	files := map[string]string{}
	for i, w := range words {
		files[fmt.Sprintf("%d.md", i)] = fmt.Sprintf("# Note %d\n\nThe %s is here.\n", i, w)
	}
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, files)
	var typos []string
	for _, w := range words {
		typos = append(typos, w[:3]+"x"+w[4:]) // gardxn, winxow, …: one letter changed
	}
	r := search(t, ix, strings.Join(typos, " "))
	typed := map[string]bool{}
	for _, c := range r.Corrections {
		typed[c.Typed] = true
	}
	if len(typed) != typoWords || !typed[typos[0]] || typed[typos[len(typos)-1]] {
		t.Errorf("corrected %d words (%v), want the first %d", len(typed), typed, typoWords)
	}
}

// The first stage scored by two connections at once (rows of even and odd
// ids) returns the rows, scores and order of the one query, ties included,
// cut at its limit.
func TestFirstStageSplitReturnsWhatOneQueryReturns(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	files := map[string]string{}
	for i := 0; i < rankedCap+450; i++ {
		// Few lengths and counts: many rows tie on score.
		files[fmt.Sprintf("n%04d.md", i)] = fmt.Sprintf("# Note\n\nn%d %s%s\n", i, strings.Repeat("common ", 1+i%3), strings.Repeat("filler ", i%5))
	}
	ix := libraryOf(t, files)
	sqlText := `SELECT rowid, bm25(chunks_fts, 4, 2, 1) AS score FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY score, rowid LIMIT ?`
	args := []any{`"common"`, rankedCap}
	one, err := fts.RankRows(context.Background(), ix.db, sqlText, args, false)
	if err != nil {
		t.Fatal(err)
	}
	two, err := fts.RankRows(context.Background(), ix.db, sqlText, args, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(one) != rankedCap {
		t.Fatalf("one query returned %d rows, want the limit %d", len(one), rankedCap)
	}
	if !reflect.DeepEqual(one, two) {
		for i := range min(len(one), len(two)) {
			if one[i] != two[i] {
				t.Fatalf("split: %d rows, row %d is %+v, one query's %+v", len(two), i, two[i], one[i])
			}
		}
		t.Fatalf("split: %d rows, one query %d", len(two), len(one))
	}
}

// A typo that happens to be another language's word ("tabel": Indonesian
// and Dutch for table, in a library of tldr's forty languages) is
// corrected as one the library lacks when only other languages' passages
// hold it: the English page answers, not the Indonesian ones. Where the
// question's own language also writes the word, it is no typo.
func TestAnEnglishTypoThatIsAnotherLanguagesWordIsCorrected(t *testing.T) {
	notes := map[string]string{
		"en/mysqlcheck.md": "# mysqlcheck\n\nCheck and repair the tables of a MySQL database.\n\n- Repair a table that is broken:\n\n`mysqlcheck --repair database table`\n",
		"en/sqlite.md":     "# sqlite3\n\nAn interactive shell for a database kept in one file.\n",
	}
	for i, s := range []string{
		"Tampilkan semua tabel yang ada di dalam basis data ini dan periksa apakah ada yang rusak.",
		"Hapus tabel yang tidak dipakai lagi dari basis data dengan perintah ini.",
		"Salin isi tabel ke dalam berkas baru yang ada di direktori ini.",
	} {
		notes[fmt.Sprintf("id/page%d.md", i)] = "# Halaman\n\n" + s + "\n"
	}
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, notes)
	r := search(t, ix, "how do I repair a corupted tabel in my database")
	if got := hitPaths(r); len(got) == 0 || got[0] != "en/mysqlcheck.md" {
		t.Fatalf("hits %q, want en/mysqlcheck.md first", got)
	}
	if got := typoFor(r, "tabel"); !slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "table") }) {
		t.Errorf("also searched %q for tabel, want table", got)
	}

	// An English note that writes "tabel" (a name) makes it a word of the
	// question's language: not corrected.
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"tabel.md": "# The Tabel family\n\nThe Tabel family kept the records of the village and their letters for a century.\n",
	})
	if got := typoFor(search(t, ix, "how do I repair a corupted tabel in my database"), "tabel"); len(got) != 0 {
		t.Errorf("also searched %q for tabel, which an English note writes", got)
	}
}

// A Latin word in an Arabic question names an API in English: mistyped so
// that it is another Latin language's word ("compted", which French pages
// hold as compte), it is corrected; where a page of the question's
// language writes it, it is a name and stays as typed.
func TestAMistypedNameInAnArabicQuestionIsCorrected(t *testing.T) {
	notes := map[string]string{
		"ar/computed.md": "# الخاصيات المحسوبة\n\nاستخدم computed لحساب قيمة من الحالة، وتتحدث القيمة عندما تتغير الحالة التي تعتمد عليها.\n",
	}
	for i, s := range []string{
		"Compte les mots d'un fichier et affiche le total à la fin.",
		"Compte les lignes d'un fichier texte donné en entrée.",
		"Compte les octets d'un fichier, puis affiche le nombre.",
	} {
		notes[fmt.Sprintf("fr/page%d.md", i)] = "# Page\n\n" + s + "\n"
	}
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, notes)
	const q = "ليه ال compted ما بيتحدث لما تتغير الحالة"
	r := search(t, ix, q)
	if got := typoFor(r, "compted"); !slices.Contains(got, "computed") {
		t.Errorf("also searched %q for compted, want computed", got)
	}
	if got := hitPaths(r); len(got) == 0 || got[0] != "ar/computed.md" {
		t.Errorf("hits %q, want ar/computed.md first", got)
	}
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"ar/compted.md": "# مكتبة compted\n\nمكتبة compted تجمع القيم المحسوبة في ملف واحد وتعرضها.\n",
	})
	if got := typoFor(search(t, ix, q), "compted"); len(got) != 0 {
		t.Errorf("also searched %q for compted, which an Arabic page names", got)
	}
}

// A typo's closest word is searched only when the question's language
// writes it: an Arabic question's لينكس (Linux) is not also searched as
// Persian's لینک (link), which only the Persian pages hold.
func TestATyposCorrectionIsAWordOfTheQuestionsLanguage(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"fa/link.md":  "# لینک\n\nبرای ساختن یک لینک نمادین به پوشه دیگر از این فرمان استفاده کنید که پیوند را می‌سازد.\n",
		"fa/link2.md": "# لینک سخت\n\nیک لینک سخت به همان فایل اشاره می‌کند و پوشه‌ها را نمی‌پذیرد.\n",
		"ar/user.md":  "# إضافة مستخدم\n\nلإضافة مستخدم إلى مجموعة في النظام استخدم الأمر التالي مع اسم المستخدم واسم المجموعة.\n",
	})
	r := search(t, ix, "كيف اضيف مستخدم الى مجموعة في لينكس")
	if got := hitPaths(r); len(got) == 0 || got[0] != "ar/user.md" {
		t.Fatalf("hits %q, want ar/user.md first", got)
	}
	if got := typoFor(r, "لينكس"); len(got) != 0 {
		t.Errorf("also searched %q for لينكس: Persian words for an Arabic question", got)
	}
	// The same typo in a Persian question is corrected to the Persian word.
	if got := typoFor(search(t, ix, "چگونه یک لینکس بسازم"), "لینکس"); len(got) == 0 {
		t.Error("Persian question: nothing searched for لینکس, want the Persian word")
	}
}

// A long question's words typed side by side bring the passage that holds
// them so among the candidates, even when the first stage fills them with
// passages holding the rarer word more prominently: "take ownership" from
// the command prompt is the takeown page, which the Rust book's hundreds
// of passages on ownership kept out (here the candidates are three, and
// four pages titled Ownership outrank it in the first stage). The second
// stage then weighs it with the rest; a search narrowed to a folder finds
// the pairs in that folder only.
func TestALongQuestionsTypedPairBringsItsPassage(t *testing.T) {
	ix := openTemp(t)
	notes := map[string]string{
		"takeown.md": "# takeown\n\nTake ownership of a file or of a whole tree.\n\n- Take ownership of everything below a path: `takeown /r /d path`\n",
	}
	for i, says := range []string{
		"Ownership of a value moves when you take it out of a file; ownership ends with its scope.",
		"You take ownership of a borrowed value by cloning it into a file handle of your own.",
		"A file handle's ownership moves into the thread you take it to, and returns only by joining.",
		"Functions take ownership of their arguments unless a file reference is passed instead.",
	} {
		notes[fmt.Sprintf("ownership%d.md", i)] = fmt.Sprintf("# Ownership rules %d\n\n## Ownership and moves\n\n%s\n", i, says)
	}
	// Enough other passages that "ownership" is rare in the library, as
	// it is in a real one, and "take" and "file" common.
	for i := range 100 {
		var b strings.Builder
		for j := range 10 {
			fmt.Fprintf(&b, "## Bed %d\n\nTake notes in the file of bed %d, plot %d: its tomatoes want water and sun in the %d weeks after planting.\n\n", j, j, i, j+2)
		}
		notes[fmt.Sprintf("garden%03d.md", i)] = "# Garden " + fmt.Sprint(i) + "\n\n" + b.String()
	}
	dir := testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, notes)
	other := testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{"keys.md": "# Keys\n\nTake ownership of the shed's keys before the move.\n"})
	q := "How do I take ownership of a folder and the files inside it from the command prompt?"
	res, err := ix.Search(context.Background(), q, SearchOptions{Candidates: 3, Folder: dir})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(res.Pairs, "take ownership") {
		t.Errorf("pairs searched %q, want take ownership", res.Pairs)
	}
	var seen []string
	for _, h := range res.Hits {
		seen = append(seen, h.Path)
		if h.Folder == other {
			t.Errorf("%s is in another folder than the search's", h.Citation())
		}
	}
	if !slices.Contains(seen, "takeown.md") {
		t.Errorf("takeown.md is not among the candidates of %q: %q", q, seen)
	}
}

// A question that types a command's option (-g, --force) finds the
// passages that show it: the option was read as a word to leave out,
// which hid the one page that answers.
func TestAQuestionsOptionFindsThePassageThatShowsIt(t *testing.T) {
	ix := libraryOf(t, map[string]string{
		"corepack.md": "# Corepack\n\n## Running npm install -g yarn fails\n\nnpm refuses to overwrite the Corepack binaries. Add the --force flag to npm install.\n",
		"yarn.md":     "# Yarn\n\nYarn installs packages. Run yarn add to install one.\n",
	})
	res := search(t, ix, "npm install -g yarn fails after enabling corepack")
	if len(res.Hits) == 0 || res.Hits[0].Path != "corepack.md" {
		t.Fatalf("hits %v, want corepack.md first", paths(res))
	}
	// A dash word the query language would leave out is searched in a
	// question, and a notice says so.
	res = search(t, ix, "why does every yarn install fail with -corepack")
	if len(res.Hits) == 0 || res.Hits[0].Path != "corepack.md" || !slices.ContainsFunc(res.Notices, func(n string) bool { return strings.HasPrefix(n, "searched -corepack, not left out") }) {
		t.Errorf("a question's -corepack: hits %v, notices %q; want corepack.md first, and a notice", paths(res), res.Notices)
	}
	// A keyword query still leaves its -word out.
	if res := search(t, ix, "yarn install -corepack"); len(res.Hits) != 1 || res.Hits[0].Path != "yarn.md" {
		t.Errorf("yarn install -corepack: hits %v, want yarn.md alone", paths(res))
	}
}

// An error message pasted in quotes that no passage holds word for word
// finds nothing; the notice says which phrase it was and what to do.
func TestAQuotedPhraseNoPassageHoldsIsNamed(t *testing.T) {
	ix := libraryOf(t, map[string]string{
		"npm.md": "# Global installs\n\nEACCES: permission denied when npm writes to a folder you do not own. Use a Node version manager.\n",
	})
	res := search(t, ix, `why does npm say "EACCES: permission denied, mkdir /usr/lib/node_modules" on a global install`)
	if len(res.Hits) != 0 || !slices.ContainsFunc(res.Notices, func(n string) bool {
		return strings.HasPrefix(n, `no passage holds "EACCES: permission denied, mkd…" word for word`)
	}) {
		t.Errorf("hits %v, notices %q; want none, and the phrase named", paths(res), res.Notices)
	}
	// Without the quotes its words find the page; a phrase held says nothing.
	if res := search(t, ix, `why does npm say EACCES: permission denied, mkdir /usr/lib/node_modules`); len(res.Hits) == 0 {
		t.Error("the same words without quotes found nothing")
	}
	if res := search(t, ix, `"permission denied" npm`); len(res.Hits) == 0 || len(res.Notices) != 0 {
		t.Errorf(`"permission denied" npm: hits %v, notices %q`, paths(res), res.Notices)
	}
}

// C++ and C# are names: a search for one finds the pages that write it,
// not every page that mentions C, and the highlight covers the sign.
func TestANameThatEndsInASignIsSearchedWhole(t *testing.T) {
	ix := libraryOf(t, map[string]string{
		"gcc.md": "# gcc\n\nCompile C source files with the GNU C compiler. C is a small language, and C code is portable.\n",
		"gpp.md": "# g++\n\nCompile C++ source files with the GNU C++ compiler, for C++17 too.\n",
		"csc.md": "# csc\n\nThe Microsoft C# compiler builds a C# project.\n",
	})
	for q, want := range map[string]string{
		"c++ compiler": "gpp.md", "C# compiler": "csc.md", "c compiler": "gcc.md", "g++": "gpp.md", "c++17": "gpp.md",
	} {
		r := search(t, ix, q)
		if len(r.Hits) == 0 || r.Hits[0].Path != want {
			t.Errorf("%s: hits %v, want %s first", q, hitPaths(r), want)
			continue
		}
		if q == "c++ compiler" {
			sn, marked := r.Hits[0].Snippet, false
			for _, h := range sn.Highlights {
				marked = marked || sn.Text[h[0]:h[1]] == "C++"
			}
			if !marked {
				t.Errorf("snippet %q %v does not mark C++", sn.Text, sn.Highlights)
			}
		}
	}
}

// NOT in capitals, as other search tools write it, leaves the next word
// out of a keyword query; in a question it is the word not.
func TestNOTLeavesTheNextWordOut(t *testing.T) {
	ix := libraryOf(t, map[string]string{
		"adult.md": "# Fever in adults\n\nA fever in adults rarely needs a doctor.\n",
		"child.md": "# Fever in a child\n\nA fever in a child under three months needs a doctor.\n",
	})
	if r := search(t, ix, "fever doctor NOT child"); len(r.Hits) != 1 || r.Hits[0].Path != "adult.md" {
		t.Errorf("fever doctor NOT child: hits %v, want adult.md alone", hitPaths(r))
	}
	if r := search(t, ix, "why does a fever NOT need a doctor for a child"); len(r.Hits) != 2 {
		t.Errorf("a question's NOT: hits %v, want both pages", hitPaths(r))
	}
}

// A word with a digit in it names that number or version: ipv4 is no typo
// of the ipv6 a note holds, and python2 none of python3.
func TestAWordWithADigitIsNotCorrected(t *testing.T) {
	ix := libraryOf(t, map[string]string{
		"net.md": "# Addresses\n\nEvery host has an ipv6 address. Scripts run on python3.\n",
	})
	for _, q := range []string{"ipv4 address", "python2 scripts"} {
		if r := search(t, ix, q); len(r.Corrections) != 0 {
			t.Errorf("%s: corrected %v, want nothing corrected", q, r.Corrections)
		}
	}
}

// A section the chunker cut in two, whose halves both rank on the first
// page, is one hit citing both: the question's words point at the first
// half, the answer is in the second. Its citation is checked against the
// file as one passage's is, after the file changed too.
func TestASectionCutInTwoIsCitedWhole(t *testing.T) {
	ix, dir := openTemp(t), t.TempDir()
	doc := testutil.CutSection + "\n## Guards\n\nA match guard is an extra condition.\n"
	testutil.WriteFiles(t, dir, map[string]string{"match.md": doc, "other.md": "# Other\n\nA value of another kind.\n"})
	must(t, errOnly(ix.AddFolder(context.Background(), dir, ImportOptions{})))

	sec, err := ix.Section(context.Background(), search(t, ix, "underscore").Hits[0].ChunkRowID)
	if err != nil || len(sec) < 2 {
		t.Fatalf("the section is %d passages (%v): the test needs it cut in two", len(sec), err)
	}
	h := search(t, ix, testutil.CutQuestion).Hits[0]
	if h.Path != "match.md" || h.StartLine != 5 || h.EndLine != 7 || !strings.Contains(h.Text, "does not bind") || !strings.Contains(h.Text, "default case") ||
		h.Joined == 0 || h.Joined == h.ChunkRowID || !slices.ContainsFunc(sec, func(c SectionChunk) bool { return c.ChunkRowID == h.Joined }) {
		t.Fatalf("first hit %s, text %q: want match.md:5-7, both halves", h.Citation(), h.Text)
	}
	// Two lines added above: the whole span is found where it now is.
	must(t, os.WriteFile(filepath.Join(dir, "match.md"), []byte("Note.\n\n"+doc), 0o644))
	if c := Cite(h); !c.Changed || c.Gone || c.StartLine != 7 || c.EndLine != 9 {
		t.Errorf("cited after the edit: %+v, want lines 7-9", c)
	}
}

// Words that stand only in a note's front matter (a hub page's link
// descriptions) are found and cited at their lines; a page's summary, which
// restates its topic without the answer, yields to the passage holding it.
func TestFrontMatterProseIsFoundAndYieldsToTheAnswer(t *testing.T) {
	ix, dir := openTemp(t), t.TempDir()
	testutil.WriteFiles(t, dir, map[string]string{
		"memorial.md": "---\ntitle: Memorial items\nmajorlinks:\n  - links:\n    - url: /certificates/\n      description: Apply for an engraved certificate signed by the current president.\n---\n# Memorial items\n\nPlan ahead.\n",
		"leave.md": "---\ntitle: Leave\ndescription: Parental leave for new parents, in short.\n---\n# Leave\n\n" +
			"## Pay\n\nParental leave for new parents is paid: ask your supervisor a month ahead.\n\n## Sick days\n\nTell your team when you are ill.\n",
	})
	must(t, errOnly(ix.AddFolder(context.Background(), dir, ImportOptions{})))
	r := search(t, ix, `"signed by the current president"`)
	if len(r.Hits) == 0 || r.Hits[0].Path != "memorial.md" || r.Hits[0].StartLine != 6 || r.Hits[0].EndLine != 6 {
		t.Fatalf("hits %v: want memorial.md:6, its front matter", r.Hits)
	}
	if sn := r.Hits[0].Snippet.Text; !strings.HasPrefix(sn, "Apply for an engraved") || strings.Contains(sn, "description") {
		t.Errorf("snippet %q: want the description's words without its key", sn)
	}
	// A line added to the front matter: the passage is found where it now is.
	data, err := os.ReadFile(filepath.Join(dir, "memorial.md"))
	must(t, err)
	must(t, os.WriteFile(filepath.Join(dir, "memorial.md"), []byte(strings.Replace(string(data), "title:", "layout: page\ntitle:", 1)), 0o644))
	if c := Cite(r.Hits[0]); !c.Changed || c.Gone || c.StartLine != 7 || c.EndLine != 7 {
		t.Errorf("cited after the edit: %+v, want line 7", c)
	}
	r = search(t, ix, "parental leave new parents")
	if len(r.Hits) < 2 || !strings.Contains(r.Hits[0].Text, "is paid") || r.Hits[1].StartLine != 3 {
		var got []string
		for _, h := range r.Hits {
			got = append(got, h.Citation())
		}
		t.Fatalf("hits %q: want the passage saying it is paid first, the summary (line 3) second", got)
	}
}
