package app

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"folio/app/internal/paired"
)

// A change to ranking moves a few questions of a set of 80 up or down; on
// sets this small a gain of one or two is as likely from noise as from the
// change (the README's ranking sessions kept and dropped changes by such
// margins). --save-ranks keeps each question's rank from a run, and
// --against compares a later run, of another build or setting, with it
// question by question: how many went up and down, a sign test on those,
// and a bootstrap interval of the change in MRR@10 (or nDCG@10).

// perQuestion is one question's outcome in a run.
type perQuestion struct {
	Setting  string  `json:"setting"`
	Set      string  `json:"set"` // the golden set, or "judged" for --queries
	Key      string  `json:"key"` // the question's id, else its text
	Rank     int     `json:"rank,omitempty"`
	FileRank int     `json:"file_rank,omitempty"`
	NDCG     float64 `json:"ndcg10,omitempty"`
}

func (p perQuestion) rr() float64 {
	if p.Rank <= 0 {
		return 0
	}
	return 1 / float64(p.Rank)
}

func questionKey(q goldenQ) string {
	if q.ID != "" {
		return q.ID
	}
	return q.Q
}

// saveRanks writes every question's outcome of rows as JSON lines.
func saveRanks(path string, rows []evalRow) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("save ranks: %w", err)
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, r := range rows {
		for _, p := range r.Per {
			if err := enc.Encode(p); err != nil {
				f.Close()
				return fmt.Errorf("save ranks: %w", err)
			}
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("save ranks: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("save ranks: %w", err)
	}
	return nil
}

// readRanks reads a file saveRanks wrote.
func readRanks(path string) ([]perQuestion, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read saved ranks: %w", err)
	}
	var out []perQuestion
	for i, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var p perQuestion
		if err := json.Unmarshal([]byte(line), &p); err != nil {
			return nil, fmt.Errorf("%s:%d: not a saved rank (%v)", path, i+1, err)
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no saved ranks", path)
	}
	return out, nil
}

// pairedRow is one set's comparison.
type pairedRow struct {
	Setting   string  `json:"setting"`
	Set       string  `json:"set"`
	N         int     `json:"n"`
	Unmatched int     `json:"unmatched,omitempty"`
	Up1       int     `json:"hit1_up"` // hit@1 gained
	Down1     int     `json:"hit1_down"`
	Up5       int     `json:"hit5_up"` // hit@5 (nDCG@10 for judged queries: better, worse)
	Down5     int     `json:"hit5_down"`
	SignP     float64 `json:"sign_p"`
	Delta     float64 `json:"delta"` // MRR@10 (nDCG@10) change and its 95% interval
	Low       float64 `json:"low"`
	High      float64 `json:"high"`
	judged    bool
}

// comparePaired pairs rows' questions with the saved ones of the same
// setting (or, when the saved run holds a single setting, with that one).
func comparePaired(rows []evalRow, saved []perQuestion) []pairedRow {
	settings := map[string]bool{}
	for _, p := range saved {
		settings[p.Setting] = true
	}
	type key struct{ set, q string }
	var out []pairedRow
	for _, r := range rows {
		name := r.Setting
		if !settings[name] {
			if len(settings) != 1 {
				continue
			}
			for s := range settings {
				name = s
			}
		}
		before := map[key]perQuestion{}
		for _, p := range saved {
			if p.Setting == name {
				before[key{p.Set, p.Key}] = p
			}
		}
		bySet := map[string]*pairedRow{}
		diffs := map[string][]float64{}
		var order []string
		for _, p := range r.Per {
			pr := bySet[p.Set]
			if pr == nil {
				pr = &pairedRow{Setting: r.Setting, Set: p.Set, judged: p.Set == judgedSet}
				bySet[p.Set] = pr
				order = append(order, p.Set)
			}
			b, ok := before[key{p.Set, p.Key}]
			if !ok {
				pr.Unmatched++
				continue
			}
			pr.N++
			var d float64
			if pr.judged {
				d = p.NDCG - b.NDCG
				switch {
				case d > 1e-9:
					pr.Up5++
				case d < -1e-9:
					pr.Down5++
				}
			} else {
				d = p.rr() - b.rr()
				pr.Up1, pr.Down1 = pr.Up1+flip(b.Rank == 1, p.Rank == 1), pr.Down1+flip(p.Rank == 1, b.Rank == 1)
				pr.Up5, pr.Down5 = pr.Up5+flip(hit5(b.Rank), hit5(p.Rank)), pr.Down5+flip(hit5(p.Rank), hit5(b.Rank))
			}
			diffs[p.Set] = append(diffs[p.Set], d)
		}
		for _, s := range order {
			pr := bySet[s]
			pr.SignP = paired.SignTest(pr.Up5, pr.Down5)
			pr.Delta, pr.Low, pr.High = paired.BootstrapMean(diffs[s])
			out = append(out, *pr)
		}
	}
	return out
}

const judgedSet = "judged"

func hit5(rank int) bool { return rank > 0 && rank <= 5 }

// flip is 1 when a question went from not before to now.
func flip(before, now bool) int {
	if !before && now {
		return 1
	}
	return 0
}

// printPaired writes the comparison under the run's table.
func printPaired(w io.Writer, against string, rows []pairedRow) {
	if len(rows) == 0 {
		fmt.Fprintf(w, "\nnothing to pair with %s: it holds another setting's questions\n", against)
		return
	}
	fmt.Fprintf(w, "\nagainst %s, question by question (this run minus that one; the interval is a bootstrap over the questions, p the sign test on hit@5):\n", against)
	fmt.Fprintf(w, "%20s  %5s  %10s  %10s  %6s  %9s  %17s\n", "set", "n", "hit@1 +/−", "hit@5 +/−", "p", "MRR Δ", "95% interval")
	for _, r := range rows {
		h1, metric := fmt.Sprintf("%d/%d", r.Up1, r.Down1), "MRR"
		if r.judged {
			h1, metric = "—", "nDCG"
		}
		name := r.Set
		if len(rows) > 0 && r.Setting != rows[0].Setting {
			name = r.Setting + " " + r.Set
		}
		fmt.Fprintf(w, "%20s  %5d  %10s  %10s  %6.3f  %+9.3f  %+8.3f…%+.3f", name, r.N, h1, fmt.Sprintf("%d/%d", r.Up5, r.Down5), r.SignP, r.Delta, r.Low, r.High)
		if r.judged {
			fmt.Fprintf(w, "  (%s: queries better/worse)", metric)
		}
		if r.Unmatched > 0 {
			fmt.Fprintf(w, "  (%d not in the saved run)", r.Unmatched)
		}
		fmt.Fprintln(w)
	}
}
