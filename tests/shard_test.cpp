// --shard K/N (lib/driver/shard.h): a deterministic part of a batch per machine, through the command line
// in-process.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_in_process.h"
#include "driver/shard.h"
#include "test_util.h"

namespace {

namespace fs = std::filesystem;
using irtrace::InShard;
using irtrace::ParseShard;
using irtrace::Shard;
using irtrace::test::CliResult;
using irtrace::test::ReadFile;
using irtrace::test::RunMain;
using irtrace::test::TempDir;

// The dumps' paths of a --json summary.
std::set<std::string> JsonPaths(const std::string& file) {
  std::set<std::string> out;
  nlohmann::json doc = nlohmann::json::parse(ReadFile(file));
  for (const auto& d : doc["dumps"]) out.insert(d["path"].get<std::string>());
  return out;
}

}  // namespace

TEST_CASE("shard: K/N parsed, 1 <= K <= N", "[shard]") {
  Shard s;
  CHECK(ParseShard("1/1", &s));
  CHECK(ParseShard("2/3", &s));
  CHECK((s.k == 2 && s.n == 3));
  for (const char* bad : {"0/3", "4/3", "a/b", "3", "", "/3", "1/", "1/3/3", "-1/3", "1 /3", "+1/3", "1/0"}) {
    INFO(bad);
    CHECK_FALSE(ParseShard(bad, &s));
  }
  CHECK((s.k == 2 && s.n == 3));  // left as it was
}

TEST_CASE("shard: the shards are disjoint, cover every path, and adding a path moves no other", "[shard]") {
  std::vector<std::string> paths;
  for (int i = 0; i < 200; ++i) paths.push_back("model" + std::to_string(i) + "/passes_dump");
  for (unsigned n : {1u, 2u, 3u, 7u}) {
    std::vector<unsigned> owner(paths.size(), 0);
    for (unsigned k = 1; k <= n; ++k) {
      for (size_t i = 0; i < paths.size(); ++i) {
        if (!InShard(paths[i], Shard{k, n})) continue;
        CHECK(owner[i] == 0);  // disjoint
        owner[i] = k;
      }
    }
    for (unsigned o : owner) CHECK(o != 0);  // the union is the whole set
  }
  // Every shard of 3 gets some of 200 paths (the hash spreads them).
  for (unsigned k = 1; k <= 3; ++k) {
    size_t count = 0;
    for (const std::string& p : paths) count += InShard(p, Shard{k, 3});
    CHECK(count > 30);
  }
  CHECK(InShard("./a/b/", Shard{1, 1}));
  for (unsigned k = 1; k <= 3; ++k) CHECK(InShard("./a/b/", Shard{k, 3}) == InShard("a/b", Shard{k, 3}));
}

TEST_CASE("shard: --find --shard K/N converts a disjoint part, names made over every dump", "[shard]") {
  TempDir t;
  for (int i = 0; i < 12; ++i) irtrace::test::WriteTwoPassDump(t / ("root/m" + std::to_string(i) + "/passes_dump"));
  CliResult all = RunMain({"--find", t / "root", "--check", "--json", t / "all.json", "-q"});
  REQUIRE(all.code == 0);
  std::set<std::string> whole = JsonPaths(t / "all.json");
  REQUIRE(whole.size() == 12);
  std::set<std::string> seen;
  std::map<std::string, unsigned> shard_of;
  for (unsigned k = 1; k <= 3; ++k) {
    std::string out = t / ("out" + std::to_string(k) + "/");
    std::string json = t / ("s" + std::to_string(k) + ".json");
    CliResult r = RunMain({"--find", t / "root", "--shard", std::to_string(k) + "/3", "-o", out, "--json", json, "-q"});
    CHECK(r.code == 0);
    for (const std::string& p : JsonPaths(json)) {
      CHECK(seen.insert(p).second);  // disjoint
      shard_of[p] = k;
    }
    nlohmann::json doc = nlohmann::json::parse(ReadFile(json));
    for (const auto& d : doc["dumps"]) {
      CHECK(fs::exists(d["report"].get<std::string>()));
    }
  }
  CHECK(seen == whole);
  // A new dump moves no other between shards.
  irtrace::test::WriteTwoPassDump(t / "root/new/passes_dump");
  for (unsigned k = 1; k <= 3; ++k) {
    std::string json = t / ("again" + std::to_string(k) + ".json");
    CHECK(RunMain({"--find", t / "root", "--shard", std::to_string(k) + "/3", "--check", "--json", json}).code == 0);
    for (const std::string& p : JsonPaths(json)) {
      if (shard_of.count(p)) CHECK(shard_of[p] == k);
    }
  }
}

TEST_CASE("shard: an empty shard exits 0 with an empty summary and an index listing none", "[shard]") {
  TempDir t;
  irtrace::test::WriteTwoPassDump(t / "root/only/passes_dump");
  unsigned empty_k = InShard("only/passes_dump", Shard{1, 2}) ? 2 : 1;
  CliResult r = RunMain(
      {"--find", t / "root", "--shard", std::to_string(empty_k) + "/2", "-o", t / "out/", "--json", t / "s.json"});
  CHECK(r.code == 0);
  CHECK(r.err == "wrote 0 of 0 reports to " + t / "out/" + "\n");
  CHECK(nlohmann::json::parse(ReadFile(t / "s.json"))["dumps"].empty());
  CHECK_THAT(ReadFile(t / "out/index.html"), Catch::Contains("{\"dumps\":[]}"));
}

TEST_CASE("shard: bad values and a single dump are usage errors (exit 2, one line)", "[shard]") {
  TempDir t;
  irtrace::test::WriteTwoPassDump(t / "root/a/passes_dump");
  for (const char* bad : {"0/3", "4/3", "a/b", "3", ""}) {
    INFO(bad);
    CliResult r = RunMain({"--find", t / "root", "--shard", bad, "-o", t / "out/"});
    CHECK(r.code == 2);
    CHECK(r.err ==
          "ir-trace: error: --shard takes K/N, whole numbers with 1 <= K <= N, got '" + std::string(bad) + "'\n");
  }
  CliResult one = RunMain({t / "root/a/passes_dump", "--shard", "1/2", "-o", t / "x.html"});
  CHECK(one.code == 2);
  CHECK(one.err == "ir-trace: error: --shard is for several dumps (--find ROOT or DUMP... -o OUTDIR/)\n");
}
