package chunker

import (
	"context"
	"strings"
	"testing"
)

func TestSweepMeasuresWhatEachMaximumDoes(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Fever\n\n")
	for i := 0; i < 12; i++ {
		b.WriteString("A child with a fever needs fluids and rest, and a dose by weight. ")
		if i%3 == 2 {
			b.WriteString("\n\n")
		}
	}
	b.WriteString("\n\n| Drug | Dose |\n|---|---|\n| Paracetamol | 15 mg/kg every four to six hours, at most four doses a day |\n| Ibuprofen | 10 mg/kg every six to eight hours with food |\n")
	rows, err := Sweep(context.Background(), [][]byte{[]byte(b.String())}, []int{60, 200, 600, 5000}, DefaultOptions())
	if err != nil || len(rows) != 4 {
		t.Fatalf("rows %+v, %v", rows, err)
	}
	for i := 1; i < len(rows); i++ {
		if rows[i].Size.N > rows[i-1].Size.N {
			t.Errorf("max %d gives more chunks (%d) than max %d (%d)", rows[i].Max, rows[i].Size.N, rows[i-1].Max, rows[i-1].Size.N)
		}
	}
	if rows[0].Size.OverMax == 0 {
		t.Errorf("at max 60 the table (an atomic block) must count over the target: %+v", rows[0].Size)
	}
	if last := rows[len(rows)-1]; last.Size.N != rows[len(rows)-2].Size.N && last.Size.N != 1 {
		t.Errorf("past the document's size the sweep is flat: %+v", rows)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Sweep(ctx, [][]byte{[]byte(b.String())}, SweepMaxes, DefaultOptions()); err == nil {
		t.Error("a cancelled sweep went on")
	}
}
