package filterbar

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"folio/index"
)

// Beside the date and sort choices the tags get at least tagsRoom, or a
// line of their own: at 800 px they had about 90 px there, one chip and an
// arrow. In a wide window they share the choices' line.
func TestTagsTakeTheirOwnLineWhenNarrow(t *testing.T) {
	test.NewTempApp(t)
	b := New()
	var tags []index.TagCount
	for _, tg := range []string{"hr/leave", "onboarding", "policy", "remote-work", "travel", "benefits"} {
		tags = append(tags, index.TagCount{Tag: tg, Documents: 1})
	}
	b.SetTags(tags)
	choices := b.Controls.Objects[2]
	for _, c := range []struct {
		width   float32
		ownLine bool
	}{{560, true}, {1000, false}} {
		b.Controls.Resize(fyne.NewSize(c.width, b.Controls.MinSize().Height))
		b.Controls.Resize(fyne.NewSize(c.width, b.Controls.MinSize().Height)) // again, at the height the layout asked for
		strip := b.TagStrip.Root
		below := choices.Position().Y >= strip.Position().Y+strip.Size().Height
		if below != c.ownLine {
			t.Errorf("at %v px: choices below the tags %v, want %v", c.width, below, c.ownLine)
		}
		if strip.Size().Width < tagsRoom {
			t.Errorf("at %v px the tags have %v px", c.width, strip.Size().Width)
		}
		if h := b.Controls.MinSize().Height; c.ownLine && h < 2*choices.MinSize().Height || !c.ownLine && h >= 2*choices.MinSize().Height {
			t.Errorf("at %v px the bar asks for %v px of height", c.width, h)
		}
	}
}
