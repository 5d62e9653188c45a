package snippet

import "testing"

func TestReadableTextForSnippets(t *testing.T) {
	for _, c := range []struct{ name, md, want string }{
		{"table rows with their column names",
			"## Dosing\n\n| Medicine | Dose | How often |\n|---|---|:--|\n| Paracetamol | 15 mg/kg | every 4–6 hours |\n| Ibuprofen | 10 mg/kg | every 6–8 hours |\n",
			"## Dosing\n\nParacetamol · Dose 15 mg/kg · How often every 4–6 hours\nIbuprofen · Dose 10 mg/kg · How often every 6–8 hours"},
		{"a table without outer pipes, an escaped pipe and an empty cell",
			"Flag | Meaning\n--- | ---\n`-a\\|-b` | all\n`-x` |\n",
			"`-a|-b` · Meaning all\n`-x`"},
		{"code without its fences or info word",
			"Run:\n\n```sh\ngit reset --hard HEAD~1\n```\n\nDone.",
			"Run:\n\ngit reset --hard HEAD~1\n\nDone."},
		{"links, images and autolinks as their text",
			"See [the guide](https://example.org/g \"Guide\") and ![a chart](c.png), [ref][1], <https://example.org/x>.",
			"See the guide and a chart, ref, https://example.org/x."},
		{"plain prose untouched", "Rest and fluids. 38 °C or more is a fever.", "Rest and fluids. 38 °C or more is a fever."},
		{"a fence of tildes, and inline code that is not a fence",
			"~~~\ncode | not a table\n~~~\n```inline``` stays",
			"code | not a table\n```inline``` stays"},
	} {
		if got := Readable(c.md); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}
