#pragma once
// Failpoints (docs/testing.md, "Failpoints"): named places where the test build can be told to
// crash, stall or fail the server on purpose, so that a test lands inside a window that no kill
// -9 from outside hits reliably (between a commit and its acknowledgement, say). Only a build
// configured with BROADSIDE_FAILPOINTS=ON (the debug and tsan presets, the test builds) looks at
// the environment; in every other build failpoint() does nothing and returns false.
namespace broadside::server {

// At the failpoint `name`. The environment variable BROADSIDE_FAILPOINT (read once, the first
// time any failpoint is reached) arms points: a comma-separated list of `NAME:ACTION[@K][*N]`:
// the action happens from the K-th time the point is reached (default 1), N times (default:
// every time from then on). When it happens, the point writes "failpoint NAME: ACTION" to stderr,
// then:
// - `exit`: waits 200 ms, so that what the server has already handed to a socket goes out as it
//   would before a crash a moment later, then ends the process at once with _exit(137), as a
//   kill -9 would: no destructor runs, nothing is flushed or committed;
// - `pause=MS`: sleeps MS milliseconds on the calling thread; the rest of the server runs on;
// - `fail`: returns true, and the caller fails as it would for real (a commit throws).
// Returns false otherwise.
bool failpoint(const char* name);

// Whether this build has failpoints: a caller skips the work of choosing whether to ask (the
// group writer's look through a commit for a player's action) in a release build.
bool failpoints_built();

}  // namespace broadside::server
