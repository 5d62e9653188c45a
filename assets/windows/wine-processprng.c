/*
 * bcryptprimitives.dll for the Wine smoke test only (never shipped).
 *
 * Go 1.22 and later take random bytes from ProcessPrng in
 * bcryptprimitives.dll, which every Windows 10 and 11 has. Debian 12's
 * Wine 8.0 lacks that DLL, so a Go program stops at start under it
 * ("bcryptprimitives.dll not found"). This stand-in gives Wine the one
 * function, from the RtlGenRandom that Wine does have.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length); /* RtlGenRandom, advapi32 */

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size)
{
    while (size > 0) {
        ULONG n = size > 0x10000000 ? 0x10000000 : (ULONG)size;
        if (!SystemFunction036(data, n))
            return FALSE;
        data += n;
        size -= n;
    }
    return TRUE;
}
