// The browser client's built files (web/dist), held in memory and served by `broadside serve`.
// esbuild names every asset after its content hash, so assets are cached for a year; the page
// itself (index.html) is never cached, so a new build reaches every browser on its next load.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>

namespace broadside::server {

struct StaticFile {
    std::string body;
    std::string gzipped;  // empty when the build wrote no .gz next to it
    std::string content_type;
    std::string cache_control;
};

class StaticFiles {
public:
    // Loads every file of `root` (index.html and assets/*). An empty or missing root leaves the
    // set empty: the server then answers "/" with a short page saying the client is not built.
    explicit StaticFiles(const std::filesystem::path& root);

    // The file for a request target (query string ignored): "/assets/NAME" for assets; "/",
    // "/r/CODE", "/watch/CODE", "/host/CODE" and "/party" for the page (the client routes
    // itself).
    const StaticFile* find(const std::string& target) const;

    bool empty() const { return page_ == nullptr; }
    std::size_t size() const { return files_.size(); }

private:
    std::map<std::string, StaticFile> files_;
    const StaticFile* page_ = nullptr;
};

// Where a `broadside` binary finds the client when --web is not given: next to a build tree
// (build/<preset>/broadside -> web/dist) or an install (bin/broadside -> share/broadside/web).
std::optional<std::filesystem::path> default_web_root();

}  // namespace broadside::server
