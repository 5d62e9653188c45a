package rank

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkAnalyse reads 200 candidates of about 150 words, what a
// question's second stage reads; -cpu 1,2 compares one core with two.
func BenchmarkAnalyse(b *testing.B) {
	q, cands := benchCandidates()
	b.ResetTimer()
	for range b.N {
		Analyse(q, cands)
	}
}

// BenchmarkFeatures measures 200 candidates read once against a question
// of how long, which also looks for numbers of units near its words.
func BenchmarkFeatures(b *testing.B) {
	q, cands := benchCandidates()
	q.Quantity, q.Duration = true, true
	set := Analyse(q, cands)
	b.ResetTimer()
	for range b.N {
		set.Features(q)
	}
}

func benchCandidates() (Query, []Candidate) {
	words := strings.Fields(`the doctor may suggest treatment with medicines that reduce fever and pain in
		children while adults often take ibuprofen or paracetamol every six hours unless their kidneys
		or stomach make that unsafe ask a pharmacist before combining products that contain the same
		active ingredient and keep a written record of each dose given during the night`)
	var cands []Candidate
	for i := range 200 {
		var t strings.Builder
		for j := range 150 {
			t.WriteString(words[(i*7+j*13)%len(words)])
			t.WriteByte(' ')
		}
		cands = append(cands, Candidate{Text: t.String(), Heading: []string{"Fever", fmt.Sprint("Dosing ", i)}, Title: "Medicines"})
	}
	return Query{Terms: terms(map[string]float64{"fever": 2, "child": 1, "dose": 1.5, "night": 1}, "fever", "child", "dose", "night")}, cands
}

// BenchmarkUnitPatterns reads a passage of 2,000 bytes for an age, a share
// and an amount, around their anchors (what a search does) and with each
// whole regexp (the reference, in the same run).
func BenchmarkUnitPatterns(b *testing.B) {
	text := strings.Repeat("The program pays for training and job placement if you have a service-connected disability rating of 10 percent or more. ", 16)
	for _, mode := range []string{"anchored", "regexp"} {
		b.Run(mode, func(b *testing.B) {
			for range b.N {
				for _, up := range unitPatterns {
					if mode == "anchored" {
						up.p.MatchString(text)
					} else {
						up.p.re.MatchString(text)
					}
				}
			}
		})
	}
}
