package healthview

import (
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"folio/index"
)

// Title is the Health window's title.
const Title = "Library health"

// Opener is what the Health window needs of the main one.
type Opener struct {
	App     fyne.App
	Size    fyne.Size // the main window's: Health opens no larger
	Measure func(ctx context.Context) (*index.Health, error)
	Spawn   func(func()) // off the UI thread
	Do      func(func()) // on the UI thread
	Open    func(path string, line int) error
	Problem func(what string, err error)
	Shown   func(*index.Health) // the report is on screen
}

// Show opens the Health window and measures the library off the UI
// thread. Esc, Ctrl+W or closing the window stop the measuring.
func Show(o Opener) fyne.Window {
	win := o.App.NewWindow(Title)
	win.Resize(fyne.NewSize(max(min(900, o.Size.Width), 480), max(min(700, o.Size.Height), 360)))
	ctx, cancel := context.WithCancel(context.Background())
	win.SetOnClosed(cancel)
	c := win.Canvas()
	c.SetOnTypedKey(func(k *fyne.KeyEvent) {
		if k.Name == fyne.KeyEscape {
			win.Close()
		}
	})
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyW, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) { win.Close() })
	progress := widget.NewProgressBarInfinite()
	stop := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), win.Close)
	win.SetContent(container.NewCenter(container.NewVBox(widget.NewLabel("Checking every note of the library… (Esc stops)"), progress, stop)))
	win.Show()
	o.Spawn(func() {
		h, err := o.Measure(ctx)
		o.Do(func() {
			progress.Stop()
			switch {
			case ctx.Err() != nil:
				return // closed by the user
			case err != nil:
				win.Close()
				o.Problem("The library could not be checked.", err)
				return
			}
			win.SetContent(New(h, o.Open, func(err error) { o.Problem("The file could not be opened.", err) }, win.Close))
			if o.Shown != nil {
				o.Shown(h)
			}
		})
	})
	return win
}

// List is the report's list: Space or Enter opens the focused place, Esc
// closes the window (a focused widget takes the keys before the window).
type List struct {
	widget.List
	esc func()
}

// NewList lists rows; headings are in bold.
func NewList(rows []Row, esc func()) *List {
	l := &List{esc: esc}
	l.Length = func() int { return len(rows) }
	l.CreateItem = func() fyne.CanvasObject {
		t := widget.NewLabel("")
		t.Truncation = fyne.TextTruncateEllipsis
		return t
	}
	l.UpdateItem = func(id widget.ListItemID, o fyne.CanvasObject) {
		t := o.(*widget.Label)
		t.TextStyle.Bold = rows[id].Heading
		t.SetText(rows[id].Text)
	}
	l.ExtendBaseWidget(l)
	return l
}

func (l *List) TypedKey(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeyEscape:
		l.esc()
	case fyne.KeyReturn, fyne.KeyEnter:
		l.List.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	default:
		l.List.TypedKey(k)
	}
}
