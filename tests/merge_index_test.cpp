// `ir-trace index SUMMARY.json... -o OUTDIR/index.html` (lib/driver/merge_index.h), in-process: the
// shards' summaries merged into one page whose links are relative to its directory.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_in_process.h"
#include "driver/merge_index.h"
#include "test_util.h"

namespace {

namespace fs = std::filesystem;
using irtrace::IndexLink;
using irtrace::test::CliResult;
using irtrace::test::ReadFile;
using irtrace::test::RunMain;
using irtrace::test::TempDir;
using irtrace::test::WriteFile;

// The JSON slot of an index page: <script id="ir-trace-index" ...>{...}</script>.
nlohmann::json IndexData(const std::string& html) {
  size_t tag = html.find("id=\"ir-trace-index\"");
  REQUIRE(tag != std::string::npos);
  size_t begin = html.find('>', tag) + 1;
  size_t end = html.find("</script>", begin);
  return nlohmann::json::parse(html.substr(begin, end - begin));
}

}  // namespace

TEST_CASE("merge_index: report links relative to the index's directory", "[merge_index]") {
  CHECK(IndexLink("", "x/index.html") == "");
  CHECK(IndexLink("/a/s1/r.html", "/a/all/index.html") == "../s1/r.html");
  CHECK(IndexLink("/a/all/r.html", "/a/all/index.html") == "r.html");
  CHECK(IndexLink("/a/./s1//r.html", "/a/all/../all/index.html") == "../s1/r.html");
  std::string cwd = fs::current_path().generic_string();
  CHECK(IndexLink("s1/r.html", cwd + "/all/index.html") == "../s1/r.html");
  CHECK(IndexLink(cwd + "/s1/r.html", "index.html") == "s1/r.html");
}

TEST_CASE("merge_index: ir-trace index merges the shards' --json into one page", "[merge_index]") {
  TempDir t;
  for (int i = 0; i < 6; ++i) irtrace::test::WriteTwoPassDump(t / ("root/m" + std::to_string(i) + "/passes_dump"));
  std::vector<std::string> args = {"index"};
  std::set<std::string> reports;
  for (int k = 1; k <= 2; ++k) {
    std::string ks = std::to_string(k);
    CliResult r = RunMain({"--find", t / "root", "--shard", ks + "/2", "-o", t / ("s" + ks + "/"), "--json",
                           t / ("s" + ks + ".json"), "-q"});
    REQUIRE(r.code == 0);
    args.push_back(t / ("s" + ks + ".json"));
  }
  args.insert(args.end(), {"-o", t / "all/index.html"});
  REQUIRE(fs::create_directory(t / "all"));
  CliResult r = RunMain(args);
  CHECK(r.code == 0);
  CHECK(r.err == "wrote " + t / "all/index.html" + ": 6 dumps from 2 summaries\n");
  nlohmann::json data = IndexData(ReadFile(t / "all/index.html"));
  REQUIRE(data["dumps"].size() == 6);
  std::set<std::string> paths;
  for (const auto& d : data["dumps"]) {
    std::string link = d["report_name"].get<std::string>();
    INFO(link);
    CHECK(link.rfind("../s", 0) == 0);
    CHECK(fs::is_regular_file(t / ("all/" + link)));  // the link resolves from the index's directory
    CHECK(d["status"] == "ok");
    CHECK(d["passes"] == 2);
    paths.insert(d["path"].get<std::string>());
  }
  CHECK(paths.size() == 6);
}

TEST_CASE("merge_index: bad JSON or another schema is exit 1 naming the file, usage errors exit 2", "[merge_index]") {
  TempDir t;
  WriteFile(t / "bad.json", "{not json");
  WriteFile(t / "v2.json", "{\"schema\": 2, \"dumps\": []}");
  WriteFile(t / "odd.json", "{\"schema\": 1, \"dumps\": [{\"path\": 3}]}");
  WriteFile(t / "empty.json", "{\"schema\": 1, \"tool\": \"ir-trace\", \"check\": false, \"dumps\": []}");
  CliResult bad = RunMain({"index", t / "empty.json", t / "bad.json", "-o", t / "index.html"});
  CHECK(bad.code == 1);
  CHECK(bad.err == "ir-trace: error: " + t / "bad.json" + ": not a JSON document (an ir-trace --json summary)\n");
  CHECK_FALSE(fs::exists(t / "index.html"));
  CliResult v2 = RunMain({"index", t / "v2.json", "-o", t / "index.html"});
  CHECK(v2.code == 1);
  CHECK(v2.err == "ir-trace: error: " + t / "v2.json" + ": unknown summary schema 2 (this ir-trace reads schema 1)\n");
  CliResult odd = RunMain({"index", t / "odd.json", "-o", t / "index.html"});
  CHECK(odd.code == 1);
  CHECK_THAT(odd.err, Catch::StartsWith("ir-trace: error: " + t / "odd.json" + ": not an ir-trace --json summary"));
  CHECK(std::count(odd.err.begin(), odd.err.end(), '\n') == 1);
  // A status outside the vocabulary (ok, invalid, error) is not read as any of them.
  WriteFile(t / "status.json",
            "{\"schema\": 1, \"dumps\": [{\"path\": \"d\", \"report\": null, \"title\": null, "
            "\"status\": \"failed\", \"error\": null}]}");
  CliResult status = RunMain({"index", t / "status.json", "-o", t / "index.html"});
  CHECK(status.code == 1);
  CHECK(status.err ==
        "ir-trace: error: " + t / "status.json" + ": not an ir-trace --json summary: unknown dump status 'failed'\n");
  CHECK_FALSE(fs::exists(t / "index.html"));
  CliResult missing = RunMain({"index", t / "nope.json", "-o", t / "index.html"});
  CHECK(missing.code == 1);
  CHECK(missing.err ==
        "ir-trace: error: " + t / "nope.json" + ": cannot read the summary: No such file or directory\n");
  CliResult ok = RunMain({"index", t / "empty.json", "-o", t / "index.html", "-q"});
  CHECK(ok.code == 0);
  CHECK(IndexData(ReadFile(t / "index.html"))["dumps"].empty());
  CHECK(RunMain({"index", "-o", t / "index.html"}).code == 2);
  CHECK(RunMain({"index", t / "empty.json"}).code == 2);
  CHECK(RunMain({"index", t / "empty.json", "-o", t / "dir/"}).code == 2);
}

TEST_CASE("merge_index: ./index is a dump named index, not the subcommand", "[merge_index]") {
  TempDir t;
  irtrace::test::WriteTwoPassDump(t / "index");
  fs::path old = fs::current_path();
  fs::current_path(t.path());
  CliResult r = RunMain({"./index", "-o", "r.html", "-q"});
  fs::current_path(old);
  CHECK(r.code == 0);
  CHECK(fs::is_regular_file(t / "r.html"));
}
