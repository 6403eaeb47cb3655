#pragma once
// The distribution of shots to sink a fleet as a standalone SVG bar chart (one bar per shot
// count), for `bench shooter --plot FILE`.
#include <string>
#include <vector>

namespace broadside::cli {

// `shots`: one entry per game (whole numbers); `title` goes above the chart.
std::string shots_svg(const std::vector<double>& shots, const std::string& title);

}  // namespace broadside::cli
