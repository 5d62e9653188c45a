// Package fynetest walks Fyne object trees in tests: every object under
// one, and the text its labels show. Only the packages whose tests have a
// window (ui) import it, so the others do not link Fyne.
package fynetest

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// Walk calls visit for o and, where visit returns true, for the objects
// under it: a container's objects, or a widget's through its renderer.
func Walk(o fyne.CanvasObject, visit func(fyne.CanvasObject) bool) {
	if !visit(o) {
		return
	}
	switch v := o.(type) {
	case *fyne.Container:
		for _, c := range v.Objects {
			Walk(c, visit)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(v).Objects() {
			Walk(c, visit)
		}
	}
}

func isContainer(o fyne.CanvasObject) bool {
	_, ok := o.(*fyne.Container)
	return ok
}

// Objects is every object under o, containers opened (widgets are not),
// o first.
func Objects(o fyne.CanvasObject) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	Walk(o, func(o fyne.CanvasObject) bool {
		out = append(out, o)
		return isContainer(o)
	})
	return out
}

// Rendered is every object under o, widgets opened through their
// renderers as well as containers, o first.
func Rendered(o fyne.CanvasObject) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	Walk(o, func(o fyne.CanvasObject) bool {
		out = append(out, o)
		return true
	})
	return out
}

// Texts collects the text of labels and canvas texts anywhere under o,
// inside widgets too (a dialog is a widget whose content is in its
// renderer), joined by " | ".
func Texts(o fyne.CanvasObject) string {
	var parts []string
	Walk(o, func(o fyne.CanvasObject) bool {
		switch v := o.(type) {
		case *widget.Label:
			parts = append(parts, v.Text)
			return false
		case *canvas.Text:
			parts = append(parts, v.Text)
			return false
		}
		return true
	})
	return strings.Join(parts, " | ")
}

// ShownTexts collects the text shown directly under o, containers opened
// but not other widgets: labels, canvas texts, rich texts and any other
// object that text returns a string for, joined by " | ". text may be nil.
func ShownTexts(o fyne.CanvasObject, text func(fyne.CanvasObject) (string, bool)) string {
	var parts []string
	Walk(o, func(o fyne.CanvasObject) bool {
		switch v := o.(type) {
		case *fyne.Container:
			return true
		case *widget.Label:
			parts = append(parts, v.Text)
		case *canvas.Text:
			parts = append(parts, v.Text)
		case *widget.RichText:
			parts = append(parts, v.String())
		default:
			if text != nil {
				if s, ok := text(o); ok {
					parts = append(parts, s)
				}
			}
		}
		return false
	})
	return strings.Join(parts, " | ")
}
