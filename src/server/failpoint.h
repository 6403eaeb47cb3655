#pragma once
// Failpoints (docs/testing.md, "Failpoints"): named places where the test build can be told to
// crash the server on purpose, so that a test kills it inside a window that no kill -9 from
// outside lands in reliably (between a commit and its acknowledgement, say). Only a build
// configured with BROADSIDE_FAILPOINTS=ON (the debug and tsan presets, the test builds) looks at
// the environment; in every other build failpoint() does nothing.
namespace broadside::server {

// At the failpoint `name`: when the environment variable BROADSIDE_FAILPOINT (read once, the
// first time any failpoint is reached) is "NAME:exit", waits 200 ms, so that what the server
// has already handed to a socket goes out as it would before a crash a moment later, then ends
// the process at once with _exit(137), as a kill -9 would: no destructor runs, nothing is
// flushed or committed.
void failpoint(const char* name);

}  // namespace broadside::server
