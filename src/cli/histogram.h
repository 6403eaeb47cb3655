#pragma once
// Text and JSON histograms of small whole numbers (shots per game).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace broadside::cli {

struct Histogram {
    int start = 0;  // the first bin covers [start, start + width)
    int width = 1;
    std::vector<long> counts;
};

Histogram make_histogram(const std::vector<double>& values, int max_bins = 20);
std::string render_histogram(const Histogram& h, int bar_width = 40);
nlohmann::json to_json(const Histogram& h);

}  // namespace broadside::cli
