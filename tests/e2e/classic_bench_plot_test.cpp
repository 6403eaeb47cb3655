// `bench shooter --plot FILE` writes the shots-to-sink distribution as an SVG chart: one bar per
// shot count, each bar's tooltip giving its number of games, which add up to the games played.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "support/test_support.h"

namespace broadside {
namespace {

using testing::run_broadside;
using testing::temp_dir;

TEST(ClassicBenchPlot, WritesAnSvgWhoseBarsCountEveryGame) {
    const std::string file = temp_dir() + "/shots.svg";
    const auto r = run_broadside(
        {"bench", "shooter", "--bot", "best-fast", "--games", "25", "--seed", "3", "--plot", file});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::ifstream in(file);
    ASSERT_TRUE(in.good());
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string svg = ss.str();
    EXPECT_EQ(svg.rfind("<svg ", 0), 0U);
    EXPECT_NE(svg.find("</svg>"), std::string::npos);
    EXPECT_NE(svg.find("shooter best-fast, classic, seed 3"), std::string::npos);
    EXPECT_NE(svg.find("(25 games)"), std::string::npos);
    long games = 0;
    for (std::size_t at = svg.find(" shots: "); at != std::string::npos;
         at = svg.find(" shots: ", at + 1)) {
        games += std::stol(svg.substr(at + 8));
    }
    EXPECT_EQ(games, 25);
    // The mean/median label sits wholly above every bar (its baseline above the tallest bar's
    // top; text is drawn above its baseline), and below the title.
    const auto label = svg.rfind("<text ", svg.find(">mean "));
    ASSERT_NE(label, std::string::npos);
    const double label_y = std::stod(svg.substr(svg.find(" y=\"", label) + 4));
    double top_bar = 1e9;
    for (std::size_t at = svg.find("<rect x="); at != std::string::npos;
         at = svg.find("<rect x=", at + 1)) {
        top_bar = std::min(top_bar, std::stod(svg.substr(svg.find(" y=\"", at) + 4)));
    }
    EXPECT_LT(label_y, top_bar) << svg;
    EXPECT_GT(label_y - 12, 24.0) << "the label runs into the title";
}

TEST(ClassicBenchPlot, AnUnwritablePlotFileIsAUsageError) {
    const auto r = run_broadside({"bench", "shooter", "--bot", "random", "--games", "2", "--plot",
                                  temp_dir() + "/no/such/dir/shots.svg"});
    EXPECT_NE(r.exit_code, 0);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("Cannot write the --plot file"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace broadside
