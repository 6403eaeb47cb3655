#include "server/static_files.h"

#include <fstream>
#include <sstream>
#include <system_error>

namespace broadside::server {
namespace fs = std::filesystem;
namespace {

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

std::string type_of(const std::string& name) {
    auto ends = [&](const char* suffix) {
        const std::string s(suffix);
        return name.size() >= s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0;
    };
    if (ends(".html")) return "text/html; charset=utf-8";
    if (ends(".js")) return "text/javascript; charset=utf-8";
    if (ends(".css")) return "text/css; charset=utf-8";
    if (ends(".svg")) return "image/svg+xml";
    if (ends(".png")) return "image/png";
    if (ends(".woff2")) return "font/woff2";
    if (ends(".json")) return "application/json";
    if (ends(".mp3")) return "audio/mpeg";
    return "application/octet-stream";
}

StaticFile load(const fs::path& path, std::string cache_control) {
    StaticFile file;
    file.body = read_file(path);
    fs::path gz = path;
    gz += ".gz";
    std::error_code ec;
    if (fs::is_regular_file(gz, ec)) file.gzipped = read_file(gz);
    file.content_type = type_of(path.filename().string());
    file.cache_control = std::move(cache_control);
    return file;
}

}  // namespace

StaticFiles::StaticFiles(const fs::path& root) {
    std::error_code ec;
    if (root.empty() || !fs::is_regular_file(root / "index.html", ec)) return;
    files_["/"] = load(root / "index.html", "no-cache");
    page_ = &files_["/"];
    const fs::path assets = root / "assets";
    if (!fs::is_directory(assets, ec)) return;
    for (const auto& entry : fs::directory_iterator(assets, ec)) {
        const std::string name = entry.path().filename().string();
        if (!entry.is_regular_file() || name.ends_with(".gz")) continue;
        files_["/assets/" + name] = load(entry.path(), "public, max-age=31536000, immutable");
    }
}

const StaticFile* StaticFiles::find(const std::string& target) const {
    if (!page_) return nullptr;
    const std::string path = target.substr(0, target.find('?'));
    if (path == "/" || path == "/party" || path.rfind("/r/", 0) == 0 ||
        path.rfind("/watch/", 0) == 0 || path.rfind("/host/", 0) == 0 || path == "/replay" ||
        path.rfind("/replay/", 0) == 0) {
        return page_;
    }
    const auto it = files_.find(path);
    return it == files_.end() ? nullptr : &it->second;
}

std::optional<fs::path> default_web_root() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return std::nullopt;
    const fs::path dir = exe.parent_path();
    for (const fs::path& candidate :
         {dir / ".." / ".." / "web" / "dist", dir / ".." / "share" / "broadside" / "web"}) {
        if (fs::is_regular_file(candidate / "index.html", ec))
            return fs::weakly_canonical(candidate);
    }
    return std::nullopt;
}

}  // namespace broadside::server
