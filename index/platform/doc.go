// Package platform asks the operating system what the library's code
// cannot tell from files alone: whether a process still runs (a writing
// session left behind) and whether a folder can be written. One file per
// system, so the index itself has none.
package platform
