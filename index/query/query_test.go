package query

import (
	"database/sql"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"folio/index/analyze"

	_ "modernc.org/sqlite"
)

func cl(terms ...string) Clause { return Clause{Terms: terms} }

func TestParseQueryClauses(t *testing.T) {
	pre := func(c Clause) Clause { c.Prefix = true; return c }
	exc := func(c Clause) Clause { c.Exclude = true; return c }
	hd := func(c Clause) Clause { c.HeadingOnly = true; return c }
	syn := func(c Clause, alts ...string) Clause { c.Alts = alts; return c }
	tests := []struct {
		in   string
		want []Clause
	}{
		{"ibuprofen child", []Clause{cl("ibuprofen"), cl("child")}},
		{"  Ibuprofen\tCHILD\n", []Clause{cl("ibuprofen"), cl("child")}},
		{`"side effects"`, []Clause{cl("side", "effect")}},
		{`“side effects” dose`, []Clause{cl("side", "effect"), cl("dose")}},
		{`«side effects»`, []Clause{cl("side", "effect")}},
		{"ibupro*", []Clause{pre(cl("ibupro"))}},
		{"dos*", []Clause{pre(cl("dos"))}},     // not stemmed to "do"
		{"happy*", []Clause{pre(cl("happ"))}},  // finds stored "happi"
		{"running*", []Clause{pre(cl("run"))}}, // finds stored "run"
		{`"new yo"*`, []Clause{pre(cl("new", "yo"))}},
		{`"new yo*"`, []Clause{pre(cl("new", "yo"))}},
		{"-adult ibuprofen", []Clause{exc(cl("adult")), cl("ibuprofen")}},
		{`-"side effects" x`, []Clause{exc(cl("side", "effect")), cl("x")}},
		// NOT in capitals between words of a keyword query leaves out
		// the word after it, as in other search tools; elsewhere it is
		// the word not.
		{"rash NOT child", []Clause{cl("rash"), exc(cl("child"))}},
		{`leave NOT "sick leave"`, []Clause{cl("leav"), exc(cl("sick", "leav"))}},
		{"rash not child", []Clause{cl("rash"), cl("not"), cl("child")}},
		{"NOT child", []Clause{cl("not"), cl("child")}},
		{"rash NOT", []Clause{cl("rash"), cl("not")}},
		{"why does the rash NOT go away", []Clause{cl("rash"), cl("not"), cl("go"), cl("awai")}},
		{"in:dosage", []Clause{hd(cl("dosag"))}},
		{"IN:Dosage", []Clause{hd(cl("dosag"))}},
		{`in:"side effects"`, []Clause{hd(cl("side", "effect"))}},
		{`-in:warnings x`, []Clause{exc(hd(cl("warn"))), cl("x")}},
		{"in:dos*", []Clause{pre(hd(cl("dos")))}},
		{"mg/kg", []Clause{syn(cl("mg"), "milligram"), syn(cl("kg"), "kilogram")}}, // a split word: each piece on its own
		{"e-mail", []Clause{cl("e"), cl("mail")}},
		{`"mg/kg"`, []Clause{cl("mg", "kg")}}, // quoted: a phrase
		{"東京", []Clause{cl("東京")}},
		{"東京都", []Clause{cl("東京"), cl("京都")}},
		{"回退到某次提交", []Clause{cl("回退"), cl("退到"), cl("到某"), cl("某次"), cl("次提"), cl("提交")}},
		{"git怎么撤销", []Clause{cl("git"), cl("怎么"), cl("么撤"), cl("撤销")}},
		{"雨", []Clause{pre(cl("雨"))}}, // a lone CJK character: prefix of the bigrams
		{"大阪 雨", []Clause{cl("大阪"), pre(cl("雨"))}},
		{"الإجازة السنوية", []Clause{cl("اجاز"), cl("سنو")}},
		{"الإجازة*", []Clause{pre(cl("اجاز"))}},
		{"what is the most ibuprofen a child can have in a day",
			[]Clause{cl("ibuprofen"), cl("child"), syn(cl("dai"), "daili", "24h", "24hr")}},
		{"ما هي جرعة الإيبوبروفين", []Clause{cl("جرع"), cl("ايبوبروف")}},
		{"the who", []Clause{cl("the"), cl("who")}}, // only stopwords: kept
		{`"to be" the`, []Clause{cl("to", "be")}},   // a quoted phrase is never dropped
		{"-the x", []Clause{exc(cl("the")), cl("x")}},
		{"AND OR NOT NEAR", []Clause{cl("not"), cl("near")}},
		{"a:b", []Clause{cl("b")}},
		{"http://example.com/path", []Clause{cl("http"), cl("exampl"), cl("com"), cl("path")}},
		{`"unbalanced quote`, []Clause{cl("unbalanc"), cl("quot")}},
		{`x "`, []Clause{cl("x")}},
		{"foo foo FOO", []Clause{cl("foo")}},
		{"foo -foo", []Clause{cl("foo"), exc(cl("foo"))}},
		{"x\x00y\x1bz", []Clause{cl("x"), cl("y"), cl("z")}},
		{"\xff\xfeabc\xc3", []Clause{cl("abc")}},
		{"don't children's", []Clause{cl("not"), cl("child")}},
		{"", nil},
		{"***", nil},
		{`"`, nil},
		{`""`, nil},
		{"-", nil},
		{"- * in: -in: :: \"", nil},
		{"-only", []Clause{exc(cl("onli"))}},
	}
	for _, tc := range tests {
		var got []Clause
		for _, c := range Parse(tc.in).Clauses {
			// Compared by meaning; Word, Typed and Implicit are tested below.
			got = append(got, Clause{Terms: c.Terms, Prefix: c.Prefix, Exclude: c.Exclude, HeadingOnly: c.HeadingOnly, Alts: c.Alts, Exact: c.Exact})
		}
		if len(got) == 0 && len(tc.want) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Parse(%q)\n got %+v\nwant %+v", tc.in, got, tc.want)
		}
	}
}

// Pieces of one typed word share its number, so the ranker can tell the
// bigrams of a CJK word found side by side from scattered ones.
func TestParseQueryWordsAndOptionalClauses(t *testing.T) {
	q := Parse(`git怎么撤销 "exact phrase" run* -adult in:dose 雨 mg/kg`)
	var words []int
	var optional []bool
	var typed []string
	for _, c := range q.Clauses {
		words = append(words, c.Word)
		optional = append(optional, c.Optional())
		typed = append(typed, c.Typed)
	}
	if want := []int{0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 6}; !reflect.DeepEqual(words, want) {
		t.Errorf("words %v, want %v", words, want)
	}
	// Plain words and the implicit prefix of a lone CJK character rank;
	// a quoted phrase, a typed prefix and in: must match.
	if want := []bool{true, true, true, true, false, false, false, false, true, true, true}; !reflect.DeepEqual(optional, want) {
		t.Errorf("optional %v, want %v", optional, want)
	}
	if want := []string{"git", "怎么", "么撤", "撤销", "exact phrase", "run", "adult", "dose", "雨", "mg", "kg"}; !reflect.DeepEqual(typed, want) {
		t.Errorf("typed %q, want %q", typed, want)
	}
	if !q.Clauses[8].Implicit || q.Clauses[5].Implicit {
		t.Error("only the lone CJK character is an implicit prefix")
	}
}

func TestMatchExpressions(t *testing.T) {
	all := func(q Query) []int {
		var idx []int
		for i, c := range q.Clauses {
			if c.Optional() {
				idx = append(idx, i)
			}
		}
		return idx
	}
	tests := []struct {
		in, want string
	}{
		{"ibuprofen", `"ibuprofen"`},
		{"ibuprofen child", `("ibuprofen" OR "child")`},
		{"ibuprofen kid", `("ibuprofen" OR ("kid" OR "child"))`}, // a few keywords: the word pages use too
		{"linux group add", `("linux" OR "group" OR "add")`},     // the Arabic word for group: an Arabic question's only
		{"اضافة group", `("اضاف" OR ("group" OR "مجموع"))`},
		{`"side effects" ibupro*`, `("side effect" AND "ibupro"*)`}, // required clauses only
		{`"side effects" child`, `"side effect"`},
		{"ibuprofen -adult", `"ibuprofen" NOT "adult"`},
		{"ibuprofen child -adult -\"side effects\"", `("ibuprofen" OR "child") NOT "adult" NOT "side effect"`},
		{"in:dos* fever", `(heading : "dos"*)`},
		{"ibuprofen day -fever", `("ibuprofen" OR ("dai" OR "daili" OR "24h" OR "24hr")) NOT "fever"`},
		{"ibuprofen for my kid at night", `("ibuprofen" OR "kid" OR "night")`}, // a question: its words alone
		{"x -in:warnings", `"x" NOT (heading : "warn")`},
		{"e-mail", `("e" OR "mail")`},
		{`"mg/kg"`, `"mg kg"`},
		{"東京都", `("東京" OR "京都")`},
		{"AND OR NOT NEAR", `("not" OR "near")`},
		{"-adult", ""},
		{"-cold -flu", ""},
		{"", ""},
	}
	db := testFTS(t)
	for _, tc := range tests {
		q := Parse(tc.in)
		if got := q.Match(Retrieval{Alone: all(q)}); got != tc.want {
			t.Errorf("%q Match = %s, want %s", tc.in, got, tc.want)
		}
		if q.Empty() != (tc.want == "") {
			t.Errorf("%q Empty = %v", tc.in, q.Empty())
		}
		checkExpr(t, db, tc.in, q)
	}
}

// The expressions must find what they should, not only parse: every
// optional word (any of them), or the required clauses (all).
func TestMatchFindsRows(t *testing.T) {
	db := testFTS(t)
	tests := []struct {
		in   string
		rows int
	}{
		{"ibuprofen", 2},
		{"ibuprofen children", 2},
		{"ibuprofen -adults", 1},
		{`"side effects"`, 1},
		{`"effects side"`, 0},
		{"ibupro*", 2},
		{"dosing*", 1}, // stored "dose" via common prefix "dos"
		{"in:dosage", 1},
		{"in:children", 0},
		{"الإجازة", 1},
		{"الاجازات", 1}, // plural, same stem
		{"السنو*", 1},
		{"東京", 1},
		{"京都", 1},
		{"東京都", 1},
		{"東京都に行きたい", 1}, // a sentence typed without spaces finds its words
		{"晴", 1},
		{"東京 -晴", 0},
		{"mg/kg", 2},
		{`"mg/kg"`, 1},
		{`"kg/mg"`, 0},
		{"what is the most ibuprofen a child can have in a day", 2},
	}
	for _, tc := range tests {
		q := Parse(tc.in)
		var optional []int
		for i, c := range q.Clauses {
			if c.Optional() {
				optional = append(optional, i)
			}
		}
		if n := countMatch(t, db, q.Match(Retrieval{Alone: optional})); n != tc.rows {
			t.Errorf("%q: %s found %d rows, want %d", tc.in, q.Match(Retrieval{Alone: optional}), n, tc.rows)
		}
	}
}

func TestHostileQueries(t *testing.T) {
	db := testFTS(t)
	long := strings.Repeat("word ", 2000)
	inputs := []string{
		`"unbalanced`, `unbalanced"`, `"a" "b`, `“curly`, `-"`, `in:"`, `-in:`,
		"-", "*", "**", "***", `"`, `""`, `"""`, "in:", "in::", ":", "::x", "a:b", "a:b:c",
		"AND", "OR", "NOT", "NEAR", "AND OR NOT NEAR", "NEAR(a b)", "a NEAR/3 b",
		"x AND -y", "(a OR b)", "a)(b", "{heading}: x", "heading : x", "body:x", "^x", "+x",
		"x* -y*", "-*", "*x", "x**", "'", "''", "'x'", "--x", "-in:-x", "in:in:x",
		"\x00", "a\x00b", "\x1b[31mred\x1b[0m", "\t\r\n\v\f", "\u2028x\u2029",
		"\xff", "\xc3(", "a\xe2\x82b", string([]byte{0xed, 0xa0, 0x80}), "\uFFFD",
		long, strings.Repeat("x", 10000), strings.Repeat("東", 10000), strings.Repeat("-", 10000),
		strings.Repeat(`"`, 10001), strings.Repeat("a:", 5000), strings.Repeat("in:", 4000) + "x",
		strings.Repeat("w", 200) + "*", "\u0301", "ـ", "ً", "x\u200dy", "ﬁ", "Σίσυφος",
	}
	for i := 0; i < 80; i++ {
		inputs = append(inputs, fmt.Sprintf("%s%d", strings.Repeat("k", i%5+1), i))
	}
	inputs = append(inputs, strings.Join(inputs[len(inputs)-80:], " "))
	for _, in := range inputs {
		q := Parse(in)
		if len(q.Clauses) > maxClauses {
			t.Errorf("%.40q: %d clauses", in, len(q.Clauses))
		}
		checkExpr(t, db, in, q)
	}
	if n := len(Parse(long + " other").Clauses); n != 1 {
		t.Errorf("repeated word: %d clauses, want 1 (duplicates removed)", n)
	}
	if q := Parse(strings.Repeat("東", 10000)); len(q.Clauses) != 1 || q.Clauses[0].Terms[0] != "東東" {
		t.Errorf("long CJK run of one character: %+v", q.Clauses)
	}
	if q := Parse(strings.Repeat("東京都庁", 300)); len(q.Clauses) != 4 {
		t.Errorf("long repeated CJK run: %d clauses, want its 4 distinct bigrams", len(q.Clauses))
	}
}

func TestQueryMatches(t *testing.T) {
	q := Parse(`ibupro* "side effects of" in:dosage -adult the`)
	for term, want := range map[string]bool{
		"ibuprofen": true, "ibupro": true, "ibu": false,
		"side": true, "effect": true, "of": false, // stopword inside a phrase
		"dosag": true, "adult": false, "the": false, "": false,
	} {
		if got := q.Matches(term); got != want {
			t.Errorf("Matches(%q) = %v, want %v", term, got, want)
		}
	}
	if !Parse(`"to be"`).Matches("to") {
		t.Error("a phrase of stopwords must highlight its words")
	}
	if !Parse("the who").Matches("the") {
		t.Error("a query of stopwords must highlight them")
	}
}

func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{
		"ibuprofen child", `"side effects" -adult`, "in:dos* x", `-in:"a b" c*`, "AND OR NOT NEAR",
		`"unbalanced`, "a:b", "***", `"`, "-", "东京都 天気", "الإجازة السنوية*", "mg/kg e-mail",
		"\x00\xff", "what is the most ibuprofen a child can have in a day",
		"fever tag:#Clinical -tag:draft", `folder:"My notes" after:2024-03 before:2025`, "after:lunch tag:", `-folder:"x`,
	} {
		f.Add(s)
	}
	db := testFTS(f)
	f.Fuzz(func(t *testing.T, in string) {
		q := Parse(in)
		if len(q.Clauses) > maxClauses {
			t.Fatalf("%d clauses", len(q.Clauses))
		}
		for _, c := range q.Clauses {
			if len(c.Terms) == 0 || len(c.Terms) > maxPhraseTerms {
				t.Fatalf("clause with %d terms", len(c.Terms))
			}
			for _, term := range c.Terms {
				if term == "" || !utf8.ValidString(term) || strings.ContainsFunc(term, isASCIINonAlnum) {
					t.Fatalf("bad term %q", term)
				}
			}
		}
		for _, fl := range q.Filters {
			// A filter as shown on a chip reads back as itself.
			if back, err := ParseFilter(fl.String()); err != nil || back.Field != fl.Field || back.Value != fl.Value || back.Exclude != fl.Exclude {
				t.Fatalf("filter %+v reads back as %+v, %v", fl, back, err)
			}
		}
		checkExpr(t, db, in, q)
	})
}

// testFTS returns one shared in-memory database holding the index's FTS5
// table with a few analysed rows.
func testFTS(tb testing.TB) *sql.DB {
	ftsOnce.Do(func() {
		ftsDB, ftsErr = openTestFTS()
	})
	if ftsErr != nil {
		tb.Fatal(ftsErr)
	}
	return ftsDB
}

var (
	ftsOnce sync.Once
	ftsDB   *sql.DB
	ftsErr  error
)

func openTestFTS() (*sql.DB, error) {
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1) // each connection to :memory: is its own database
	if _, err := db.Exec(`CREATE VIRTUAL TABLE t USING fts5(heading, title, body,
		content='', contentless_delete=1, tokenize='ascii')`); err != nil {
		return nil, err
	}
	rows := [][3]string{
		{"Ibuprofen > Dosage", "Children's medicines", "Ibuprofen for a child: 5–10 mg/kg every 6–8 hours, at most four doses a day. Side effects are rare."},
		{"Ibuprofen > Adults", "Adult medicines", "Adults take 200–400 mg of ibuprofen. Effects on the side of the stomach."},
		{"الموارد البشرية", "الإجازة السنوية", "يستحق الموظف إجازة سنوية مدفوعة الأجر."},
		{"日本", "旅行", "東京都の天気は晴れです。"},
	}
	for _, r := range rows {
		if _, err := db.Exec(`INSERT INTO t(heading, title, body) VALUES(?, ?, ?)`,
			analyze.IndexText(r[0]), analyze.IndexText(r[1]), analyze.IndexText(r[2])); err != nil {
			return nil, err
		}
	}
	return db, nil
}

func countMatch(tb testing.TB, db *sql.DB, expr string) int {
	tb.Helper()
	if expr == "" {
		return 0
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM t WHERE t MATCH ?`, expr).Scan(&n); err != nil {
		tb.Fatalf("MATCH %s: %v", expr, err)
	}
	return n
}

// checkExpr verifies the first stage's expression of q with every
// optional clause: "" exactly when the query is Empty, made only of the
// allowed pieces, and accepted by FTS5.
func checkExpr(tb testing.TB, db *sql.DB, in string, q Query) {
	tb.Helper()
	var optional []int
	for i, c := range q.Clauses {
		if c.Optional() {
			optional = append(optional, i)
		}
	}
	e := q.Match(Retrieval{Alone: optional})
	if (e == "") != q.Empty() {
		tb.Fatalf("%.60q: expression %q but Empty=%v", in, e, q.Empty())
	}
	if e == "" {
		return
	}
	if !utf8.ValidString(e) {
		tb.Fatalf("%.60q: invalid UTF-8 in %q", in, e)
	}
	if err := exprShape(e); err != nil {
		tb.Fatalf("%.60q: %v in %.200s", in, err, e)
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM t WHERE t MATCH ?`, e).Scan(&n); err != nil {
		tb.Fatalf("%.60q: FTS5 rejects %.200s: %v", in, e, err)
	}
}

// exprShape accepts only quoted terms, *, AND, OR, NOT, parentheses and
// "heading :".
func exprShape(e string) error {
	for i := 0; i < len(e); {
		switch c := e[i]; {
		case c == ' ' || c == '(' || c == ')' || c == '*':
			i++
		case c == '"':
			j := i + 1
			for ; j < len(e); j++ {
				if e[j] == '"' {
					if j+1 < len(e) && e[j+1] == '"' {
						return fmt.Errorf("doubled quote at %d", j)
					}
					break
				}
			}
			if j >= len(e) {
				return fmt.Errorf("unterminated string at %d", i)
			}
			body := e[i+1 : j]
			if body == "" || strings.HasPrefix(body, " ") || strings.HasSuffix(body, " ") || strings.Contains(body, "  ") {
				return fmt.Errorf("bad phrase %q", body)
			}
			for _, term := range strings.Split(body, " ") {
				if strings.ContainsFunc(term, isASCIINonAlnum) {
					return fmt.Errorf("bad term %q", term)
				}
			}
			i = j + 1
		default:
			ok := false
			for _, kw := range []string{"AND ", "OR ", "NOT ", "heading : "} {
				if strings.HasPrefix(e[i:], kw) {
					i += len(kw)
					ok = true
					break
				}
			}
			if !ok {
				return fmt.Errorf("unexpected %.10q at %d", e[i:], i)
			}
		}
	}
	return nil
}

func isASCIINonAlnum(r rune) bool {
	return r < utf8.RuneSelf && !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
}

// Paired words find the passages holding any two of them (or a word
// searched alone), and no passage holding one: checked on every subset of
// four words in a real FTS5 table.
func TestPairedWordsFindPassagesWithTwoOfThem(t *testing.T) {
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(`CREATE VIRTUAL TABLE p USING fts5(body)`); err != nil {
		t.Fatal(err)
	}
	words := []string{"alpha", "bravo", "kilo", "delta"}
	want := map[int64]bool{}
	for set := 0; set < 1<<len(words); set++ {
		var held []string
		for i, w := range words {
			if set&(1<<i) != 0 {
				held = append(held, w)
			}
		}
		for _, lone := range []bool{false, true} {
			text := strings.Join(held, " ")
			if lone {
				text += " vitiligo"
			}
			res, err := db.Exec(`INSERT INTO p(body) VALUES (?)`, "filler "+text)
			if err != nil {
				t.Fatal(err)
			}
			id, _ := res.LastInsertId()
			want[id] = lone || len(held) >= 2
		}
	}
	q := Parse("vitiligo alpha bravo kilo delta")
	expr := q.Match(Retrieval{Alone: []int{0}, Paired: []int{1, 2, 3, 4}})
	rows, err := db.Query(`SELECT rowid FROM p WHERE p MATCH ?`, expr)
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	defer rows.Close()
	got := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		got[id] = true
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s: row %d found %v, want %v", expr, id, got[id], w)
		}
	}
	// The commonest word (the last of Paired) is written once.
	if n := strings.Count(expr, `"delta"`); n != 1 {
		t.Errorf("%s: delta written %d times", expr, n)
	}
}

func TestQuestionsOfAmountAndOfTime(t *testing.T) {
	for _, c := range []struct {
		q                                    string
		quantity, duration, money, rate, age bool
	}{
		// "give" asks for money, but "how much notice" asks for time.
		{"how much notice do I need to give for an interpreter", true, true, false, false, false},
		{"how long does the temporary rating last after surgery", true, true, false, false, false},
		{"is it too late to ask for the burial allowance", true, true, false, false, false},
		{"event accommodation request deadline", true, true, false, false, false},
		{"كم يوم تستغرق المراجعة", true, true, false, false, false},
		{"退货需要多久", true, true, false, false, false},
		{"how much will VA pay toward a vehicle", true, false, true, false, false},
		{"how expensive is the exam", true, false, true, false, false},
		{"这个课程多少钱", true, false, true, false, false},
		// Spoken Arabic's how much: Levantine قديش, Egyptian بكام (what price).
		{"قديش اقل مبلغ بالشهر", true, false, false, false, false},
		{"بكام الاشتراك الشهري", true, false, true, false, false},
		{"how many people have CVID", true, false, false, true, false},
		{"how many files can one folder hold", true, false, false, false, false},
		{"how much memory does the race detector use", true, false, false, false, false},
		{"what age can my son use the GI Bill", true, false, false, false, true},
		{"mortgage life insurance age limit", true, false, false, false, true},
		{"孩子几岁可以打疫苗", true, false, false, false, true},
		{"how do I pay for an interpreter", false, false, false, false, false},
		// A date or a time of day is a number too.
		{"What dates does the VA count as the Vietnam War", true, false, false, false, false},
		{"whats the latest time i can get my trip aproval submitted", true, false, false, false, false},
		// "When" at the end of the input, or as the question word.
		{"vacation request when", true, false, false, false, false},
		{"when shoud I reorder my meds", true, false, false, false, false},
		// "When" joining a clause asks no time (analyze.AsksWhen).
		{"When I pass a Go string to a C function, do I free it?", false, false, false, false, false},
		// 几乎 is "almost", 好几 "quite a few" and 第几 "which (in order)": no amount asked.
		{"我装了好几个版本的nodejs", false, false, false, false, false},
		{"几乎所有文件都打不开", false, false, false, false, false},
		{"按逗号分隔取第几列", false, false, false, false, false},
		// حد is "someone" in spoken Arabic; a bound says أقصى or أدنى.
		{"لو حد بيضايقني في community بتاع vue ابعت شكوى لمين؟", false, false, false, false, false},
		{"ما هو الحد الأدنى للراتب", true, false, false, false, false},
		{"في حد أقصى لحجم الملف", true, false, false, false, false},
		{"这个文件夹里有几个文件", true, false, false, false, false},
		// Whole words only.
		{"what agency runs the GI Bill", false, false, false, false, false},
		{"هل الشهادة معتمدة", false, false, false, false, false},
		{"بالنسبة للمكونات", false, false, false, false, false},
		{"what is the unlimited plan", false, false, false, false, false},
		{"how common is CVID", true, false, false, true, false},
		{"what share of car crashes are caused by sleepy drivers", true, false, false, true, false},
		{"how often should I get my eyes checked", true, false, false, true, false},
		{"a fishy smell No matter how often she showers, does diet make it worse", false, false, false, false, false},
		// A typo in the word after "how" still says what is asked; a word
		// of four letters or fewer is too short to read as one.
		{"how oftn should my mom get her eyes checked", true, false, false, true, false},
		{"how comon is CVID", true, false, false, true, false},
		{"how quikly does the rash spread", true, true, false, false, false},
		{"how lng is the cable", false, false, false, false, false},
		// "How long" beside a unit of length asks a length, a number,
		// unless it asks how long something takes.
		{"how long is the small gut in inches feet", true, false, false, false, false},
		{"how long can a password be in characters", true, false, false, false, false},
		{"how long does it take to walk a mile", true, true, false, false, false},
		{"how long is the drive, 300 miles, how many days", true, true, false, false, false},
	} {
		q := Parse(c.q)
		got := [5]bool{q.Quantity, q.Duration, q.Money, q.Rate, q.Age}
		if want := [5]bool{c.quantity, c.duration, c.money, c.rate, c.age}; got != want {
			t.Errorf("%q: quantity, duration, money, rate, age %v; want %v", c.q, got, want)
		}
	}
}

// A question's "how long" asks for a span of time; "long" is not what it
// is about, so it is not searched (it would count "long-term" and
// "longer" as evidence), unless too little else remains.
func TestTheWordAfterHowIsTheAnswersShapeNotItsTopic(t *testing.T) {
	words := func(q Query) string {
		var out []string
		for _, c := range q.Clauses {
			out = append(out, strings.Join(c.Terms, " "))
		}
		return strings.Join(out, ",")
	}
	for _, c := range []struct{ q, want string }{
		{"how long can I stay home after my baby is born", "stai,home,after,babi,born"},
		{"How often should I get my eyes checked?", "get,ey,check"},
		{"how old must a child be for the booster seat", "child,booster,seat"},
		{"how far ahead request vacation days", "ahead,request,vacat,dai"},
		// Too little else: the cue stays a search word.
		{"how long", "long"},
		{"how long tldr", "long,tldr"},
		// Not after "how", or not asking a shape: a topic word.
		{"long term care how to apply", "long,term,care,appli"},
		{"how high is high blood pressure", "high,blood,pressur"},
		// Quoted, it is searched as typed.
		{`how "long" is the leave`, "long,leav"},
	} {
		if got := words(Parse(c.q)); got != c.want {
			t.Errorf("%q searches %s; want %s", c.q, got, c.want)
		}
	}
}

// --explain says what a question was read as: the words searched, the
// kind of answer asked for, and the cue word left out.
func TestSaidNamesTheWordsSearchedAndTheAnswersShape(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"how long can I stay home after my baby is born",
			`searched: stay, home, after, baby, born; asks for a span of time (unit); "long" says that, and is not searched`},
		{"how many files can one folder hold", "searched: files, folder, hold; asks for a number (number)"},
		{"v-for key 退货需要多久", "searched: v-for, key, 退货需要多久; asks for a span of time (unit); names in Latin letters weigh more: v-for, key"},
		{"كيف اعيد تشغيل nginx", "searched: اعيد, تشغيل, nginx; names in Latin letters weigh more: nginx"},
		// Names glued to Chinese words are said one by one, not as the
		// whole run they were typed in.
		{"rust的工具链里怎么装clippy或者rustfmt", "searched: rust的工具链里怎么装clippy或者rustfmt; names in Latin letters weigh more: rust, clippy, rustfmt"},
		{"how to reload nginx", "searched: reload, nginx"}, // an English question: all its words are Latin
		// A word typed again, in any form of it, weighs more, quoted or
		// not; a repeated quoted phrase or excluded word is not weighed so.
		{"kidney stones, how big does a stone have to be", "searched: kidney, stones, big; asks for a number (number); typed more than once, so weighs more: stones"},
		{`"leave" rollover "leave"`, `searched: "leave", rollover; typed more than once, so weighs more: "leave"`},
		{"keyup.ctrl keyup.ctrl", "searched: keyup.ctrl; typed more than once, so weighs more: keyup.ctrl"},
		// The 3 of two version numbers was not typed twice.
		{"python 3.10 vs 3.11", "searched: python, 3.10, vs, 3.11"},
		{`"sick leave" -cold "sick leave" -cold`, `searched: "sick leave"`},
		{`leave "annual" -sick`, `searched: leave, "annual"`},
		{`"annual leave" rollover`, `searched: "annual leave", rollover`},
		{"the who", "searched: the, who"},
		{"", ""},
	} {
		if got := Parse(c.q).Said(); got != c.want {
			t.Errorf("%q said\n  %s\nwant\n  %s", c.q, got, c.want)
		}
	}
}

// A typo's corrections are weighed beside the words typed nearest it, not
// a pasted message's every word, nor the typo itself or an excluded word.
func TestATyposContextIsTheWordsNearIt(t *testing.T) {
	q := Parse("alpha bravo charlie delta echo mortage foxtrot golf hotel india juliet kilo lima -mike")
	typo := -1
	for _, c := range q.Clauses {
		if c.Typed == "mortage" {
			typo = c.Word
		}
	}
	got := strings.Join(q.Context(typo), " ")
	for _, w := range []string{"alpha", "mortag", "juliet", "lima", "mike"} {
		if strings.Contains(got, `"`+w) {
			t.Errorf("context %s holds %s", got, w)
		}
	}
	for _, w := range []string{"bravo", "echo", "foxtrot", "india"} {
		if !strings.Contains(got, `"`+w) {
			t.Errorf("context %s lacks %s", got, w)
		}
	}
}

// A word typed after a - in a question names a command's option (npm
// install -g, --inspect, -race) and is searched; a keyword query, or one
// written in the query language (quotes, prefixes, in:, filters), still
// leaves its -word out, and -"word" leaves a word out anywhere.
func TestAnOptionTypedInAQuestionIsSearchedNotLeftOut(t *testing.T) {
	for _, tc := range []struct {
		in       string
		excluded []string // the terms left out
		options  []string
	}{
		{"npm install -g yarn fails after enabling corepack", nil, nil}, // one letter: never a word to leave out
		{"where does a binary built with -cover save its data", nil, []string{"-cover"}},
		{"tests fail with -race?", nil, []string{"-race"}},
		{"restart node with --inspect", nil, nil}, // two dashes: always an option, said by no notice
		{"npm install -g", nil, nil},
		{"insulin storage -20", nil, nil}, // a minus sign
		{"go test -race flaky", []string{"race"}, nil},
		{"annual leave carry over rules -contractors", []string{"contractor"}, nil}, // keywords, however many
		{"can I carry over leave -contractors", nil, []string{"-contractors"}},
		{"热重载 失败 怎么办 -watch", nil, []string{"-watch"}},
		{"كيف احصل على اجازة سنوية -مرضية", []string{"مرض"}, nil}, // options are Latin
		{`how do I bake bread at home without an oven -"sourdough"`, []string{"sourdough"}, nil},
		{`ibuprofen dose for my child at night "side effects" -adult`, []string{"adult"}, nil},
		{"dose for my little child at night in:dosage -adult", []string{"adult"}, nil},
		{"東京 -晴", []string{"晴"}, nil},
	} {
		q := Parse(tc.in)
		if strings.Contains(tc.in, "--inspect") && !slices.ContainsFunc(q.Clauses, func(c Clause) bool { return !c.Exclude && slices.Contains(c.Terms, "inspect") }) {
			t.Errorf("%q: --inspect not searched", tc.in)
		}
		var excluded []string
		for _, c := range q.Clauses {
			if c.Exclude {
				excluded = append(excluded, c.Terms...)
			}
		}
		if !reflect.DeepEqual(excluded, tc.excluded) || !reflect.DeepEqual(q.Options, tc.options) {
			t.Errorf("%q: left out %q and read options %q, want %q and %q", tc.in, excluded, q.Options, tc.excluded, tc.options)
		}
		if got := strings.Join(q.OptionsNotice(), ""); (got != "") != (len(tc.options) > 0) || len(tc.options) > 0 && !strings.Contains(got, tc.options[0]) {
			t.Errorf("%q: notice %q", tc.in, got)
		}
	}
}

// A word is said as it was typed, with the brackets it closes, and
// without the punctuation around it.
func TestAWordIsSaidWithTheBracketsItCloses(t *testing.T) {
	for in, want := range map[string][]string{
		"s[0] first character":   {"s[0]", "first", "character"},
		"rust Vec<T> vs &[T]":    {"rust", "Vec<T>", "vs", "T"},
		"repl.start() history?":  {"repl.start", "history"},
		"f(x)) twice":            {"f(x)", "twice"},
		"map[string]int{} empty": {"map[string]int", "empty"},
	} {
		if got := Parse(in).Words; !slices.Equal(got, want) {
			t.Errorf("Parse(%q).Words = %q, want %q", in, got, want)
		}
	}
}
