//go:build windows

package files

// RootIdentity cannot tell an emptied folder from an unplugged drive here:
// an empty folder that held notes stays offline, its documents kept.
func RootIdentity(path string) (id string, mount bool, ok bool) {
	return "", false, false
}
