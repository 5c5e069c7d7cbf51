// The include rules between lib/'s stages (ARCHITECTURE.md "Folders and include rules"), checked on the
// sources: a stage includes only itself and the stages before it, and each third-party library stays in
// the one folder that owns it.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>

namespace {

namespace fs = std::filesystem;

// Each stage and the lib/ folders it may include, itself included.
const std::map<std::string, std::set<std::string>> kMayInclude = {
    {"util", {"util"}},
    {"scope", {"util", "scope"}},
    {"input", {"util", "scope", "input"}},
    {"diff", {"util", "scope", "input", "diff"}},
    {"report", {"util", "scope", "input", "diff", "report"}},
    {"driver", {"util", "scope", "input", "diff", "report", "driver"}},
    // The recording library runs the whole conversion at a session's end (driver/convert.h): last stage.
    {"record", {"util", "scope", "input", "diff", "report", "driver", "record"}},
};

// Third-party headers (prefix of the <...> include) and the only folder that may include them.
const std::map<std::string, std::string> kOwner = {
    {"dtl/", "diff"},      {"ctemplate/", "report"},        {"zlib.h", "util"},      {"xxhash.h", "input"},
    {"spdlog/", "driver"}, {"CLI/", "(cmd/ir-trace only)"}, {"nlohmann/", "report"},  // reading --json summaries back (report/json_summary_reader.h)
};

TEST_CASE("layering: lib/ stages include only earlier stages and their own libraries", "[layering]") {
  const fs::path lib = fs::path(IRTRACE_SOURCE_DIR) / "lib";
  const std::regex local(R"re(^\s*#\s*include\s+"([^"/]+)/[^"]+")re");
  const std::regex system(R"re(^\s*#\s*include\s+<([^>]+)>)re");
  size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(lib)) {
    if (!entry.is_regular_file()) continue;
    fs::path rel = entry.path().lexically_relative(lib);
    std::string stage = rel.begin()->string();
    INFO(rel.generic_string());
    REQUIRE(rel.begin() != rel.end());
    REQUIRE(kMayInclude.count(stage) == 1);  // every file lives in a known stage folder
    ++files;
    std::ifstream in(entry.path());
    std::string line;
    while (std::getline(in, line)) {
      std::smatch m;
      if (std::regex_search(line, m, local)) {
        INFO(line);
        CHECK(kMayInclude.at(stage).count(m[1].str()) == 1);
      } else if (std::regex_search(line, m, system)) {
        for (const auto& [prefix, owner] : kOwner) {
          if (m[1].str().rfind(prefix, 0) == 0) {
            INFO(line);
            CHECK(owner == stage);
          }
        }
      }
    }
  }
  CHECK(files > 30);
}

// The recording API's installed headers (lib/record/irtrace/, cmake --install: include/irtrace/) include the
// standard library and each other only: a compiler linking irtrace needs no other header.
TEST_CASE("layering: the installed recording headers include only standard headers", "[layering]") {
  const fs::path dir = fs::path(IRTRACE_SOURCE_DIR) / "lib/record/irtrace";
  const std::regex include(R"re(^\s*#\s*include\s+(.*)$)re");
  const std::regex standard(R"re(^<[a-z_]+>$)re");  // <string>, <type_traits>: no '.', no '/'
  const std::regex sibling(R"re(^"([a-z_]+\.h)"$)re");  // "mode.h": beside it when installed too
  size_t headers = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    ++headers;
    std::ifstream in(entry.path());
    std::string line;
    while (std::getline(in, line)) {
      std::smatch m;
      if (!std::regex_search(line, m, include)) continue;
      INFO(entry.path().filename().string() << ": " << line);
      std::smatch s;
      std::string what = m[1].str();
      while (!what.empty() && (what.back() == ' ' || what.back() == '\r')) what.pop_back();
      bool ok =
          std::regex_match(what, standard) || (std::regex_match(what, s, sibling) && fs::exists(dir / s[1].str()));
      CHECK(ok);
    }
  }
  CHECK(headers >= 2);
}

}  // namespace
