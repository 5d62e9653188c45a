package snippet

import (
	"strings"
	"testing"
	"unicode/utf8"

	"folio/index/analyze"
	"folio/index/query"
)

// checkSnippet verifies the key guarantee: highlights are in order,
// non-overlapping, on the Text, and each is exactly the matched words of
// the shown text (re-analysing Text finds the same ranges).
func checkSnippet(t testing.TB, s Snippet, match func(string) bool) {
	t.Helper()
	prev := 0
	for _, h := range s.Highlights {
		if h[0] < prev || h[1] <= h[0] || h[1] > len(s.Text) {
			t.Fatalf("bad highlight %v (prev end %d, len %d) in %q", h, prev, len(s.Text), s.Text)
		}
		prev = h[1]
		toks := analyze.Tokens(s.Text[h[0]:h[1]])
		if len(toks) == 0 || toks[0].Start != 0 || toks[len(toks)-1].End != h[1]-h[0] {
			t.Fatalf("highlight %q is not a word", s.Text[h[0]:h[1]])
		}
		for _, tk := range toks {
			if !match(tk.Term) {
				t.Fatalf("highlight %q has unmatched term %q", s.Text[h[0]:h[1]], tk.Term)
			}
		}
	}
	// Every matched word of the shown text is highlighted.
	var want [][2]int
	for _, tk := range analyze.Tokens(s.Text) {
		if !match(tk.Term) {
			continue
		}
		if n := len(want); n > 0 && tk.Start < want[n-1][1] {
			want[n-1][1] = max(want[n-1][1], tk.End)
			continue
		}
		want = append(want, [2]int{tk.Start, tk.End})
	}
	if len(want) != len(s.Highlights) {
		t.Fatalf("highlights %v, matched words of the text at %v in %q", s.Highlights, want, s.Text)
	}
	for i := range want {
		if want[i] != s.Highlights[i] {
			t.Fatalf("highlights %v, matched words of the text at %v in %q", s.Highlights, want, s.Text)
		}
	}
}

func hlTexts(s Snippet) []string {
	var out []string
	for _, h := range s.Highlights {
		out = append(out, s.Text[h[0]:h[1]])
	}
	return out
}

func TestSnippetHighlightsMarkdown(t *testing.T) {
	text := "## Dosage\n\nGive **ibuprofen** to a _child_ with\n   fever.\n\n> Ibuprofen's `dose` is 5–10 mg/kg.\n| col | Ibuprofen |"
	m := query.Parse("ibuprofen child dose mg/kg").Matches
	s := Make(text, m, 500)
	checkSnippet(t, s, m)
	want := "Dosage Give ibuprofen to a child with fever. Ibuprofen's dose is 5–10 mg/kg. | col | Ibuprofen |"
	if s.Text != want {
		t.Errorf("text\n got %q\nwant %q", s.Text, want)
	}
	got := strings.Join(hlTexts(s), ",")
	// Dosage is dose's family (assets/wordforms): it counts, so it is marked.
	if got != "Dosage,ibuprofen,child,Ibuprofen,dose,mg,kg,Ibuprofen" {
		t.Errorf("highlights %s", got)
	}
}

func TestSnippetKeepsLiteralMarkers(t *testing.T) {
	m := query.Parse("snake case").Matches
	s := Make("use snake_case and 2 * 3\n\n***\n", m, 100)
	checkSnippet(t, s, m)
	if s.Text != "use snake_case and 2 * 3" { // the rule line is dropped
		t.Errorf("got %q", s.Text)
	}
	// A code comment keeps its delimiters; emphasis beside punctuation
	// still goes.
	m = query.Parse("returns").Matches
	s = Make("/**\n * Returns the sum.\n */\n**Note:** it returns", m, 100)
	checkSnippet(t, s, m)
	if s.Text != "/** * Returns the sum. */ Note: it returns" {
		t.Errorf("got %q", s.Text)
	}
	m = query.Parse("ibuprofen").Matches
	s = Make("| Drug | Dose |\n|------|:----:|\n| Ibuprofen | 5 mg |\n\n---\nEnd", m, 100)
	checkSnippet(t, s, m)
	if s.Text != "| Drug | Dose | | Ibuprofen | 5 mg | End" {
		t.Errorf("got %q", s.Text)
	}
}

func TestSnippetDensestCluster(t *testing.T) {
	var b strings.Builder
	b.WriteString("Ibuprofen is mentioned here once. ")
	for i := 0; i < 30; i++ {
		b.WriteString("Filler sentence about unrelated matters of the household. ")
	}
	b.WriteString("For a child, the ibuprofen dose depends on weight. ")
	for i := 0; i < 30; i++ {
		b.WriteString("More filler text that says nothing at all. ")
	}
	text := b.String()
	m := query.Parse("ibuprofen child dose").Matches
	s := Make(text, m, 160)
	checkSnippet(t, s, m)
	if got := strings.Join(hlTexts(s), ","); got != "child,ibuprofen,dose" {
		t.Errorf("highlights %s in %q", got, s.Text)
	}
	if !strings.HasPrefix(s.Text, "…") || !strings.HasSuffix(s.Text, "…") {
		t.Errorf("cut snippet without ellipses: %q", s.Text)
	}
	if !strings.HasPrefix(s.Text, "…For a child") {
		t.Errorf("window should start at the sentence: %q", s.Text)
	}
	// The width, and at most a quarter more to end the sentence.
	if n := utf8.RuneCountInString(s.Text); n > 160+160/4+2 || n < 120 {
		t.Errorf("snippet of %d characters: %q", n, s.Text)
	}
}

// A snippet that would stop inside a sentence runs on to its end when
// that is near: the question's words often open the sentence whose end
// answers it. A sentence that ends far on is still cut at the width.
func TestSnippetEndsTheSentenceItCuts(t *testing.T) {
	m := query.Parse("keycode chicago office").Matches
	text := "The Chicago office is on the 9th floor of the building on Wacker Drive, next to the river, " +
		"and the keycode for the door to the office is pinned in the chitown channel. Other news follows here."
	s := Make(text, m, 160)
	checkSnippet(t, s, m)
	if !strings.Contains(s.Text, "pinned in the chitown channel.") {
		t.Errorf("snippet stops short of its sentence's end: %q", s.Text)
	}
	if strings.Contains(s.Text, "Other news") {
		t.Errorf("snippet runs past its sentence's end: %q", s.Text)
	}
	// A list item ends where the next begins, as Readable writes them.
	items := strings.Replace(text, " channel. Other", " channel • Other", 1)
	if s := Make(items, m, 160); !strings.HasSuffix(s.Text, "chitown channel…") {
		t.Errorf("snippet of a list does not end with its item: %q", s.Text)
	}
	long := strings.Replace(text, "the river,", "the river"+strings.Repeat(", and the bridge", 8)+",", 1)
	s = Make(long, m, 160)
	if n := utf8.RuneCountInString(s.Text); n > 162 || !strings.HasSuffix(s.Text, "…") {
		t.Errorf("a far sentence end: snippet of %d characters: %q", n, s.Text)
	}
}

// A window that would begin a few words into a sentence begins at the
// sentence's start, where the answer often stands ("One out of every 33
// babies…" for a question of how common), or at its clause's, and the
// snippet stays within the width and a quarter a result row has room for;
// a sentence that began far before is still cut.
func TestSnippetBeginsTheSentenceItCuts(t *testing.T) {
	m := query.Parse("babies born birth defect").Matches
	lead := "A birth defect is a problem that happens while a baby is developing in the mother's body, " +
		"and most of them happen during the first three months. "
	text := lead + "The figure is that one out of every thirty-three babies in the United States is born with a birth defect. " +
		strings.Repeat("Some are mild and some are severe, and doctors use special tests to find them. ", 4)
	s := Make(text, m, 160)
	checkSnippet(t, s, m)
	if !strings.Contains(s.Text, "The figure is that one out of every") {
		t.Errorf("snippet begins inside its sentence: %q", s.Text)
	}
	if strings.Contains(s.Text, "first three months") {
		t.Errorf("snippet begins before its sentence: %q", s.Text)
	}
	if n := utf8.RuneCountInString(s.Text); n > 160+160/4+2 {
		t.Errorf("snippet of %d characters, more than a row holds: %q", n, s.Text)
	}
	// A sentence begun far before: the window begins at its clause, or
	// where it was when no clause begins near either.
	far := strings.Replace(text, "The figure is that", "The figure"+strings.Repeat(", as counted again and again", 6)+", it is that", 1)
	if s := Make(far, m, 160); !strings.HasPrefix(s.Text, "…it is that one out of every") {
		t.Errorf("a far sentence start: %q", s.Text)
	}
	farther := strings.Replace(far, ", it is that", " and then it is that", 1)
	if s := Make(farther, m, 160); strings.Contains(s.Text, "The figure") || strings.Contains(s.Text, "again,") || !strings.HasPrefix(s.Text, "…") {
		t.Errorf("a far sentence start without a clause: %q", s.Text)
	}
}

// A snippet shows "…" before it only when words before it are cut off:
// a passage opening with a quote's marker (tldr's summary) is shown from
// its first word.
func TestSnippetOfAQuotedOpeningIsNotMarkedCut(t *testing.T) {
	m := query.Parse("automatically hibernate inactivity").Matches
	text := "> Suspend the system, then automatically hibernate after a period of inactivity.\n> More information: the manual.\n"
	if s := Make(text, m, 80); !strings.HasPrefix(s.Text, "Suspend the system") {
		t.Errorf("an opening quote's snippet is marked as cut: %q", s.Text)
	}
	long := strings.Repeat("Nothing about it here at all. ", 12) + "\n" + text
	if s := Make(long, m, 100); !strings.HasPrefix(s.Text, "…") {
		t.Errorf("a snippet after other words is not marked as cut: %q", s.Text)
	}
}

// A window that ends on a colon introducing the next line (a cheat
// sheet's description and its command) shows that line, its start moving
// forward for it when needed but never past the first matched word.
func TestSnippetShowsTheLineAColonIntroduces(t *testing.T) {
	m := query.Parse("suspend then hibernate automatically after a delay").Matches
	text := "Suspend the system, then automatically hibernate after a period of inactivity.\n" +
		"More information: https://www.freedesktop.org/software/systemd/man/latest/systemctl.html#suspend-then-hibernate.\n\n" +
		"• Suspend the system and hibernate after the configured delay:\n\nsystemctl suspend-then-hibernate\n\n" +
		"• Force suspend-then-hibernate (bypass inhibitor locks):\n\nsystemctl suspend-then-hibernate --force\n"
	s := Make(text, m, 100)
	checkSnippet(t, s, m)
	if !strings.Contains(s.Text, "the configured delay: systemctl suspend-then-hibernate") {
		t.Errorf("snippet does not show the line its colon introduces: %q", s.Text)
	}
	if n := utf8.RuneCountInString(s.Text); n > 100+100/4+2 {
		t.Errorf("snippet of %d characters, more than a row holds: %q", n, s.Text)
	}
	// A line too long to show with the matched words stays cut, and the
	// window keeps them.
	long := strings.Replace(text, "hibernate\n\n• Force", "hibernate"+strings.Repeat(" --option {{value}}", 8)+"\n\n• Force", 1)
	s = Make(long, m, 100)
	if n := utf8.RuneCountInString(s.Text); !strings.Contains(s.Text, "Suspend the system and hibernate after the configured delay:") || n > 100+100/4+2 || !strings.HasSuffix(s.Text, "…") {
		t.Errorf("a line longer than the room: %q", s.Text)
	}
}

// With weights, the window holds the question's rarest words rather than
// the most of its common ones; a question of an amount prefers the window
// with a number, which is not highlighted.
func TestSnippetWindowHoldsTheWeightiestWords(t *testing.T) {
	m := query.Parse("extra hours log voluntary").Matches
	filler := strings.Repeat(" Nothing else is said in this sentence.", 6)
	text := "You earn extra hours and log the hours in the system." + filler +
		" Voluntary work: you can have up to 24 at any given time." + filler
	weight := func(t string) float64 {
		switch t {
		case "voluntari":
			return 5
		case NumberTerm:
			return 0
		}
		return 1
	}
	if s := Make(text, m, 80); !strings.Contains(s.Text, "extra hours") {
		t.Errorf("unweighted: the window with the most words, got %q", s.Text)
	}
	s := MakeWeighted(text, m, weight, nil, nil, 80)
	checkSnippet(t, s, m)
	if !strings.Contains(s.Text, "Voluntary work") {
		t.Errorf("weighted: the window with the rare words, got %q", s.Text)
	}

	text = "How long the hours last depends on the schedule and on the hours you keep." + filler +
		" The hours expire after 30 days." + filler
	m = query.Parse("how long do the hours last").Matches
	amount := func(t string) float64 {
		if t == NumberTerm {
			return 10
		}
		return 1
	}
	s = MakeWeighted(text, m, amount, Digits, nil, 80)
	checkSnippet(t, s, m)
	if !strings.Contains(s.Text, "after 30 days") {
		t.Errorf("amount: the window with the number, got %q", s.Text)
	}
	if got := strings.Join(hlTexts(s), ","); strings.Contains(got, "30") {
		t.Errorf("a number is highlighted as a match: %s", got)
	}
	// Numbers alone are no match: a passage whose text holds none of the
	// words (found by its heading) shows its start.
	if s := MakeWeighted("Nothing here. The limit is 30 days.", m, amount, Digits, nil, 12); !strings.HasPrefix(s.Text, "Nothing") {
		t.Errorf("numbers alone moved the window: %q", s.Text)
	}
}

func TestSnippetTiesPreferEarlierAndMore(t *testing.T) {
	filler := strings.Repeat("nothing to see here at all. ", 20)
	m := query.Parse("alpha beta").Matches
	// Same distinct count (2) in both clusters; the second has more hits.
	text := "alpha beta. " + filler + "alpha beta alpha beta. " + filler
	s := Make(text, m, 60)
	checkSnippet(t, s, m)
	if len(s.Highlights) != 4 {
		t.Errorf("want the cluster with more hits: %q", s.Text)
	}
	// Equal clusters: the earlier one.
	s = Make(filler+"alpha beta one. "+filler+"alpha beta two. "+filler, m, 60)
	checkSnippet(t, s, m)
	if !strings.Contains(s.Text, "one") {
		t.Errorf("want the earlier cluster: %q", s.Text)
	}
}

func TestSnippetArabicHarakat(t *testing.T) {
	text := "يُعْطَى الإِيبُوبْرُوفِين لِلْأَطْفَالِ بِجُرْعَةٍ تَتَرَاوَحُ بَيْنَ خَمْسَةٍ وَعَشَرَةِ مِلِّيغْرَامَاتٍ لِكُلِّ كِيلُوغْرَامٍ."
	m := query.Parse("الأطفال خمسة").Matches
	s := Make(text, m, 40)
	checkSnippet(t, s, m)
	if got := strings.Join(hlTexts(s), ","); got != "لِلْأَطْفَالِ,خَمْسَةٍ" {
		t.Errorf("highlights %q in %q", got, s.Text)
	}
	if !utf8.ValidString(s.Text) || !strings.HasSuffix(s.Text, "…") {
		t.Errorf("text %q", s.Text)
	}
}

func TestSnippetCJK(t *testing.T) {
	text := "東京都の天気は晴れです。明日も天気が良いでしょう。" + strings.Repeat("関係のない文章です。", 20)
	m := query.Parse("天気").Matches
	s := Make(text, m, 20)
	checkSnippet(t, s, m)
	if got := strings.Join(hlTexts(s), ","); got != "天気,天気" {
		t.Errorf("highlights %q in %q", got, s.Text)
	}
	// Sentences end with 。 and no space; the window starts after it.
	m = query.Parse("大阪").Matches
	s = Make(strings.Repeat("東京都の天気は晴れです。", 5)+"大阪の天気は雨です。"+strings.Repeat("東京都の天気は晴れです。", 5), m, 15)
	checkSnippet(t, s, m)
	if !strings.HasPrefix(s.Text, "…大阪の天気") || !strings.HasSuffix(s.Text, "…") {
		t.Errorf("CJK sentence start: %q", s.Text)
	}
	// Overlapping bigrams of a longer query merge into one highlight.
	m = query.Parse("東京都").Matches
	s = Make(text, m, 20)
	checkSnippet(t, s, m)
	if got := strings.Join(hlTexts(s), ","); got != "東京都" {
		t.Errorf("highlights %q in %q", got, s.Text)
	}
}

func TestSnippetEdges(t *testing.T) {
	m := query.Parse("ibuprofen").Matches
	if s := Make("", m, 100); s.Text != "" || s.Highlights != nil {
		t.Errorf("empty text: %+v", s)
	}
	// Width larger than the text: the whole text, no ellipsis.
	s := Make("Take ibuprofen with food.", m, 1000)
	checkSnippet(t, s, m)
	if s.Text != "Take ibuprofen with food." || len(s.Highlights) != 1 {
		t.Errorf("short text: %+v", s)
	}
	// Nothing matches: the start of the text.
	long := "# Title\n\nFirst words of the chunk. " + strings.Repeat("More words follow here. ", 20)
	s = Make(long, m, 40)
	if !strings.HasPrefix(s.Text, "Title First words") || !strings.HasSuffix(s.Text, "…") || s.Highlights != nil {
		t.Errorf("no match: %+v", s)
	}
	if n := utf8.RuneCountInString(s.Text); n > 41 {
		t.Errorf("no match: %d characters", n)
	}
	s = Make(long, nil, 40)
	if !strings.HasPrefix(s.Text, "Title First words") {
		t.Errorf("nil match: %+v", s)
	}
	// Only separators, tiny widths, a word longer than the width.
	for _, text := range []string{"----", "   ", "***", "\x00\x01", "\xff\xfe", "word", strings.Repeat("x", 300) + " ibuprofen"} {
		for _, w := range []int{-1, 0, 1, 3, 50} {
			s := Make(text, m, w)
			checkSnippet(t, s, m)
		}
	}
	// Long runs without words never make a long snippet.
	for _, text := range []string{strings.Repeat("-", 10000), strings.Repeat("-", 5000) + " ibuprofen " + strings.Repeat(".", 5000)} {
		s := Make(text, m, 50)
		checkSnippet(t, s, m)
		if n := utf8.RuneCountInString(s.Text); n > 60 {
			t.Errorf("%d characters: %.80q", n, s.Text)
		}
	}
	s = Make(strings.Repeat("x", 300)+" ibuprofen "+strings.Repeat("y", 300), m, 10)
	checkSnippet(t, s, m)
	if s.Text != "…ibuprofen…" {
		t.Errorf("narrow: %q", s.Text)
	}
}

func FuzzMakeSnippet(f *testing.F) {
	f.Add("## Dosage\n\nGive **ibuprofen** to a _child_.", "ibuprofen child", 40)
	f.Add("東京都の天気は晴れです。", "東京都 天気", 5)
	f.Add("يُعْطَى الإِيبُوبْرُوفِين لِلْأَطْفَالِ", "الأطفال", 10)
	f.Add("a*b _c_ `d` > e\n# f", "a b c d e f", 3)
	f.Fuzz(func(t *testing.T, text, typed string, width int) {
		width %= 1000
		m := query.Parse(typed).Matches
		s := Make(text, m, width)
		if utf8.ValidString(text) && !utf8.ValidString(s.Text) {
			t.Fatalf("invalid UTF-8 in %q", s.Text)
		}
		checkSnippetFuzz(t, s, m)
		// Bounded: the width, two ellipses, closing punctuation and one
		// word that is wider than the width on its own.
		longest := 0
		for _, tk := range analyze.Tokens(text) {
			longest = max(longest, count(text, tk.Start, tk.End))
		}
		if n := count(s.Text, 0, len(s.Text)); n > max(width, 1)+2+4+longest {
			t.Fatalf("%d characters for width %d: %q", n, width, s.Text)
		}
	})
}

// checkSnippetFuzz is checkSnippet without the "every matched word is
// highlighted" part, which can differ at a cut CJK run (a lone character
// at the window edge analyses as a unigram).
func checkSnippetFuzz(t *testing.T, s Snippet, match func(string) bool) {
	prev := 0
	for _, h := range s.Highlights {
		if h[0] < prev || h[1] <= h[0] || h[1] > len(s.Text) {
			t.Fatalf("bad highlight %v in %q", h, s.Text)
		}
		prev = h[1]
		toks := analyze.Tokens(s.Text[h[0]:h[1]])
		if len(toks) == 0 {
			t.Fatalf("highlight %q is not a word", s.Text[h[0]:h[1]])
		}
		for _, tk := range toks {
			if !match(tk.Term) {
				t.Fatalf("highlight %q has unmatched term %q", s.Text[h[0]:h[1]], tk.Term)
			}
		}
	}
}

func BenchmarkMakeSnippet(b *testing.B) {
	text := benchChunk()
	m := query.Parse("ibuprofen child dose fever").Matches
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		Make(text, m, 200)
	}
}

// benchChunk is a ~1,200-character Markdown chunk with a few matches.
func benchChunk() string {
	var b strings.Builder
	b.WriteString("## Ibuprofen for children\n\n")
	for b.Len() < 1100 {
		b.WriteString("Paracetamol and ibuprofen are the usual medicines for **fever** in a child. ")
		b.WriteString("Check the dose on the label and ask a pharmacist when unsure; never exceed the daily maximum. ")
		b.WriteString("Keep all medicines out of reach. ")
	}
	s := b.String()
	return s[:1200]
}
