// libFuzzer harness for `broadside engine`'s JSON-lines protocol (docs/protocol.md). The input is
// a session, one request per line, fed to Engine::handle_line as `broadside engine` feeds it
// stdin (a CR before the newline dropped, blank lines skipped, nothing after "quit"). One fresh
// Engine per input, with fixed fresh seeds, so that every input replays identically; an input of
// many lines reaches create, act and everything after. Every response must be one JSON object on
// one line with a text "type", whose "id" is the request's own; anything else aborts, which the
// fuzzer reports.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "protocol/engine.h"
#include "protocol/raw_id.h"

namespace {

using nlohmann::json;

[[noreturn]] void fail(const char* what, std::string_view request, std::string_view response) {
    std::fprintf(stderr, "protocol_decoder_fuzz: %s\n  request:  %.*s\n  response: %.*s\n", what,
                 static_cast<int>(request.size()), request.data(),
                 static_cast<int>(response.size()), response.data());
    std::abort();
}

// BROADSIDE_FUZZ_VERBOSE=1 prints every request and response, to see what an input does.
bool verbose() {
    static const bool on = std::getenv("BROADSIDE_FUZZ_VERBOSE") != nullptr;
    return on;
}

void check(std::string_view line, const std::string& response) {
    if (verbose()) {
        std::fprintf(stderr, "> %.*s\n< %s\n",
                     static_cast<int>(std::min<std::size_t>(line.size(), 2000)), line.data(),
                     response.c_str());
    }
    if (response.find_first_of("\r\n") != std::string::npos) {
        fail("the response is not one line", line, response);
    }
    const json parsed = json::parse(response, nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object()) {
        fail("the response is not one JSON object", line, response);
    }
    if (!parsed.contains("type") || !parsed["type"].is_string()) {
        fail("the response has no text \"type\"", line, response);
    }
    // A line with a NUL byte is refused whole, so what the parser would make of it is moot.
    if (line.find('\0') != std::string_view::npos) return;
    // So is a line nested too deep: it is refused before it is parsed (parsing is the danger).
    if (broadside::protocol::nested_deeper_than(line, broadside::protocol::kMaxRequestDepth)) {
        return;
    }
    const json request = json::parse(line, nullptr, false);
    const bool has_id = !request.is_discarded() && request.is_object() && request.contains("id");
    if (has_id != parsed.contains("id")) {
        fail(has_id ? "the request's id was not echoed" : "the response has an id of its own", line,
             response);
    }
    if (has_id && parsed["id"] != request["id"]) {
        fail("the echoed id is not the request's", line, response);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view input(reinterpret_cast<const char*>(data), size);
    std::uint64_t seeds = 0;
    broadside::protocol::Engine engine([&seeds] { return ++seeds; });
    while (!input.empty()) {
        const std::size_t end = input.find('\n');
        std::string_view line = input.substr(0, end);
        input.remove_prefix(end == std::string_view::npos ? input.size() : end + 1);
        // As `broadside engine` reads stdin: a CR before the newline goes, blank lines get no
        // answer.
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
        check(line, engine.handle_line(line));
        if (engine.quit_requested()) break;
    }
    return 0;
}
