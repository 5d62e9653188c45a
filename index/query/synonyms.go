package query

import (
	"slices"
	"strings"

	"folio/assets/wordforms"
	"folio/index/analyze"
)

// synonymGroups are words that name the same thing in the texts Folio is
// built for: units and periods as written in dosing tables and policies,
// British and American spellings, drug names that differ between
// countries, and everyday words beside their clinical ones. A query word
// matches any word of its group ("most ibuprofen in a day" finds "Max per
// 24h"). Only a plain one-word clause is expanded; phrases, prefixes,
// exclusions and in: mean exactly what was typed.
var synonymGroups = [][]string{
	{"maximum", "max"},
	{"minimum", "least"},
	{"day", "daily", "24h", "24hr"},
	{"hour", "hr", "hrs"},
	{"week", "weekly", "wk"},
	{"month", "monthly"},
	{"year", "yearly", "annual", "annually", "yr"},
	{"kilogram", "kg"}, {"milligram", "mg"}, {"microgram", "mcg"}, {"gram", "g"},
	{"millilitre", "milliliter", "ml"}, {"litre", "liter"},
	{"paediatric", "pediatric"}, {"paediatrician", "pediatrician"}, {"anaemia", "anemia"},
	{"haemorrhage", "hemorrhage"}, {"haemoglobin", "hemoglobin"}, {"oesophagus", "esophagus"},
	{"oedema", "edema"}, {"diarrhoea", "diarrhea"}, {"leukaemia", "leukemia"}, {"tumour", "tumor"},
	{"foetus", "fetus"}, {"oestrogen", "estrogen"}, {"orthopaedic", "orthopedic"},
	{"gynaecology", "gynecology"}, {"anaesthesia", "anesthesia"}, {"haematology", "hematology"},
	{"colour", "color"}, {"behaviour", "behavior"}, {"centre", "center"}, {"programme", "program"},
	{"licence", "license"}, {"organisation", "organization"}, {"authorise", "authorize"},
	{"paracetamol", "acetaminophen"}, {"adrenaline", "epinephrine"}, {"salbutamol", "albuterol"},
	{"armpit", "axillary", "axilla"}, {"fever", "pyrexia", "febrile"}, {"doctor", "physician"},
	{"kidney", "renal"}, {"liver", "hepatic"}, {"heart", "cardiac"}, {"lung", "pulmonary"},
	{"stomach", "gastric"}, {"sick", "ill"},
}

// synonyms maps an analysed term to the other terms of its group.
var synonyms = func() map[string][]string {
	m := map[string][]string{}
	for _, group := range synonymGroups {
		var terms []string
		for _, w := range group {
			t := analyze.IndexText(w)
			if t == "" || strings.Contains(t, " ") {
				continue // one word must stay one term
			}
			terms = append(terms, t)
		}
		for _, t := range terms {
			for _, o := range terms {
				if o != t && !contains(m[t], o) {
					m[t] = append(m[t], o)
				}
			}
		}
	}
	return m
}()

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// addSynonyms attaches the synonyms and the other forms of each plain
// one-word positive clause (a quoted word gets neither).
func (q *Query) addSynonyms() {
	for i := range q.Clauses {
		c := &q.Clauses[i]
		addSynonyms(c)
		for j := range c.Says { // an idiom's own words, should they be searched
			addSynonyms(&c.Says[j])
		}
	}
}

func addSynonyms(c *Clause) {
	if len(c.Terms) == 1 && !c.Prefix && !c.Exclude && !c.HeadingOnly && !c.Exact {
		c.Alts = synonyms[c.Terms[0]]
		for _, f := range slices.Concat(wordforms.Of(c.Terms[0]), everyday[c.Terms[0]]) {
			if f != c.Terms[0] && !contains(c.Alts, f) && !contains(c.Forms, f) {
				c.Forms = append(c.Forms, f)
			}
		}
	}
}
