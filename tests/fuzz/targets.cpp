#include "fuzz/targets.h"

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include <nlohmann/json.hpp>

#include "diff/pass_diff.h"
#include "input/dump_dir.h"
#include "input/llvm_log.h"
#include "input/mlir_log.h"
#include "input/snapshot.h"
#include "input/text_decode.h"
#include "report/payload_writer.h"
#include "report/report_model.h"
#include "scope/function_scope.h"
#include "util/error.h"
#include "util/output_sink.h"

namespace irtrace::fuzz {
namespace {

namespace fs = std::filesystem;

void Expect(bool ok, const std::string& what) {
  if (!ok) throw FuzzFailure(what);
}

std::string Bytes(const uint8_t* data, size_t size) { return std::string(reinterpret_cast<const char*>(data), size); }

// Splits `text` at every `sep`, keeping empty parts, at most `limit` parts (the last takes the rest).
std::vector<std::string> SplitAt(const std::string& text, char sep, size_t limit) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (parts.size() + 1 < limit) {
    size_t at = text.find(sep, start);
    if (at == std::string::npos) break;
    parts.push_back(text.substr(start, at - start));
    start = at + 1;
  }
  parts.push_back(text.substr(start));
  return parts;
}

const char* ExtensionFor(uint8_t selector) {
  static const char* const kExt[] = {"py", "mlir", "ll", "cpp", "txt"};
  return kExt[selector % 5];
}

void CheckScope(const irtrace::Scope& scope, size_t lines) {
  if (!scope.fallback.empty()) Expect(scope.sections.empty(), "a fallback has no sections");
  std::vector<std::string> keys;
  size_t prev_end = 0;
  for (const Section& s : scope.sections) {
    Expect(s.begin < s.end && s.end <= lines && s.begin >= prev_end, "sections in range, ordered, disjoint");
    for (const std::string& k : keys) Expect(k != s.key, "unique section keys");
    keys.push_back(s.key);
    prev_end = s.end;
  }
}

// The script of a diff over line numbers `la` of `a` and `lb` of `b` is a valid edit and its pairs fit.
void CheckDiff(const DiffData& d, const Snapshot& a, const std::vector<uint32_t>& la, const Snapshot& b,
               const std::vector<uint32_t>& lb) {
  size_t blocks = 0;
  std::vector<EditBlock> all;
  EditEnd end = ForEachBlock(d.script, [&](const EditBlock& blk) {
    Expect(blk.del + blk.ins > 0, "every triple changes something");
    Expect(blk.before + blk.del <= la.size() && blk.after + blk.ins <= lb.size(), "script inside both sides");
    for (uint32_t k = 1; k <= blk.equal; ++k) {
      Expect(Snapshot::SameLine(a, la[blk.before - k], b, lb[blk.after - k]), "equal runs are equal");
    }
    all.push_back(blk);
    ++blocks;
  });
  Expect(la.size() - end.before == lb.size() - end.after, "the trailing equal run closes both sides");
  for (size_t k = 0; end.before + k < la.size(); ++k) {
    Expect(Snapshot::SameLine(a, la[end.before + k], b, lb[end.after + k]), "the trailing run is equal");
  }
  uint32_t last_block = 0;
  bool first = true;
  for (const BlockPairs& bp : d.pairs) {
    Expect(bp.block < blocks && (first || bp.block > last_block), "pair blocks exist and increase");
    first = false;
    last_block = bp.block;
    const EditBlock& blk = all[bp.block];
    Expect(bp.pairs.size() % 2 == 0 && !bp.pairs.empty(), "pairs come in twos");
    for (size_t k = 0; k < bp.pairs.size(); k += 2) {
      Expect(bp.pairs[k] < blk.del && bp.pairs[k + 1] < blk.ins, "pairs inside their block");
      if (k) Expect(bp.pairs[k] > bp.pairs[k - 2] && bp.pairs[k + 1] > bp.pairs[k - 1], "pairs increase");
    }
  }
}

std::vector<uint32_t> AllLines(const Snapshot& s) {
  std::vector<uint32_t> v(s.lines.size());
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<uint32_t>(i);
  return v;
}

// Snapshot `i` rebuilt from the parsed payload, as the viewer's codec does.
std::vector<std::string> Rebuild(const nlohmann::json& snaps, size_t i, int depth = 0) {
  Expect(depth < 64 && i < snaps.size(), "a rebuild chain ends at an earlier snapshot");
  const nlohmann::json& s = snaps[i];
  if (s.contains("text")) return s["text"].get<std::vector<std::string>>();
  if (s.contains("same")) {
    size_t root = s["same"].get<size_t>();
    Expect(root < i, "\"same\" points back");
    return Rebuild(snaps, root, depth + 1);
  }
  Expect(s.contains("delta"), "one of text, same, delta");
  const nlohmann::json& d = s["delta"];
  size_t from = d["from"].get<size_t>();
  Expect(from < i, "a delta points back");
  std::vector<std::string> base = Rebuild(snaps, from, depth + 1), out;
  std::vector<uint32_t> ops = d["ops"].get<std::vector<uint32_t>>();
  std::vector<std::string> ins = d["ins"].get<std::vector<std::string>>();
  Expect(ops.size() % 3 == 0, "ops are triples");
  size_t pos = 0, k = 0;
  for (size_t t = 0; t < ops.size(); t += 3) {
    Expect(pos + ops[t] + ops[t + 1] <= base.size() && k + ops[t + 2] <= ins.size(), "ops inside the base");
    out.insert(out.end(), base.begin() + pos, base.begin() + pos + ops[t]);
    pos += ops[t] + ops[t + 1];
    out.insert(out.end(), ins.begin() + k, ins.begin() + k + ops[t + 2]);
    k += ops[t + 2];
  }
  out.insert(out.end(), base.begin() + pos, base.end());
  for (const auto& fix : d["fix"]) {
    size_t line = fix[0].get<size_t>();
    Expect(line < out.size(), "a fix names a line of the result");
    out[line] = fix[1].get<std::string>();
  }
  return out;
}

void MakeEntry(const fs::path& path, uint8_t kind, const fs::path& previous, const std::string& name) {
  std::error_code ec;
  // A name given twice keeps its first kind: writing a file over a FIFO made for it would wait forever.
  if (fs::exists(fs::symlink_status(path, ec))) return;
  switch (kind) {
    case 1: fs::create_directory(path, ec); break;
    case 2: fs::create_symlink("nowhere-" + name, path, ec); break;
    case 3: ::mkfifo(path.c_str(), 0600); break;
    case 4:
      if (!previous.empty()) {
        fs::create_symlink(previous.filename(), path, ec);
        break;
      }
      [[fallthrough]];
    default: {
      std::FILE* f = std::fopen(path.c_str(), "wb");
      if (f) {
        std::fwrite(name.data(), 1, name.size(), f);
        std::fclose(f);
      }
    }
  }
}

}  // namespace

int DumpNames(const uint8_t* data, size_t size) {
  static const fs::path base = [] {
    std::string tmpl = (fs::temp_directory_path() / "ir-trace-fuzz-XXXXXX").string();
    Expect(::mkdtemp(tmpl.data()) != nullptr, "a temporary directory");
    return fs::path(tmpl);
  }();
  static unsigned long runs = 0;
  fs::path dir = base / std::to_string(runs++);
  fs::create_directory(dir);
  struct Cleanup {
    fs::path p;
    ~Cleanup() {
      std::error_code ec;
      fs::remove_all(p, ec);
    }
  } cleanup{dir};
  fs::path previous;
  for (std::string name : SplitAt(Bytes(data, size), '\n', 64)) {
    uint8_t kind = name.empty() ? 0 : static_cast<uint8_t>(name[0]);
    if (kind >= 1 && kind <= 4) name.erase(0, 1);
    std::string clean;
    for (char c : name) {
      if (c != '/' && c != '\0') clean.push_back(c);
    }
    if (clean.empty() || clean == "." || clean == ".." || clean.size() > 200) continue;
    MakeEntry(dir / clean, kind, previous, clean);
    previous = dir / clean;
  }
  try {
    DumpListing l = ListDump(dir.string(), {});
    Expect(!l.frontend.name.empty(), "a dump has its frontend");
    Expect(!l.passes.empty() || l.crashed, "a dump has a pass");
    for (size_t i = 0; i < l.passes.size(); ++i) Expect(l.passes[i].number == i + 1, "passes numbered 1..N");
    if (l.crashed) Expect(l.crashed->number == l.passes.size() + 1, "the crashed pass is N+1");
  } catch (const Error&) {
    // A clear error is a valid answer to a bad dump.
  }
  return 0;
}

int TextDecode(const uint8_t* data, size_t size) {
  std::string in = Bytes(data, size), text = in;
  std::vector<DecodeIssue> issues;
  TextEncoding enc = DecodeText(&text, &issues);
  Expect(text.find('\0') == std::string::npos, "no NUL after decoding");
  std::string again = text;
  std::vector<DecodeIssue> none;
  DecodeUtf8(&again, &none);
  Expect(none.empty() && again == text, "the result is valid UTF-8");
  if (enc == TextEncoding::kUtf8 && issues.empty()) Expect(text == in, "valid UTF-8 is kept byte for byte");
  for (size_t k = 1; k < issues.size(); ++k) Expect(issues[k].line >= issues[k - 1].line, "issues in line order");
  return 0;
}

int Scope(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::unique_ptr<Snapshot> s = MakeSnapshot("f", ExtensionFor(data[0]), Bytes(data + 1, size - 1));
  CheckScope(s->scope, s->lines.size());
  return 0;
}

int Diff(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::vector<std::string> parts = SplitAt(Bytes(data + 1, size - 1), '\x1e', 2);
  if (parts.size() < 2) parts.emplace_back();
  const char* ext = ExtensionFor(data[0]);
  std::unique_ptr<Snapshot> a = MakeSnapshot("a", ext, parts[0]), b = MakeSnapshot("b", ext, parts[1]);
  PassDiff d = DiffPass(*a, *b);
  Expect(d.identical == (a->text == b->text), "identical means the same text");
  CheckDiff(d.whole, *a, AllLines(*a), *b, AllLines(*b));
  for (const FunctionDiff& f : d.functions) {
    if (f.status != FunctionStatus::kChanged) continue;
    CheckDiff(f.diff, *a, FunctionLines(*a, f.key), *b, FunctionLines(*b, f.key));
  }
  return 0;
}

int Payload(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::vector<std::string> texts = SplitAt(Bytes(data + 1, size - 1), '\x1e', 24);
  std::vector<std::unique_ptr<Snapshot>> snaps;
  StringSink sink;
  {
    PayloadWriter w(&sink, PayloadEncoding::kPlain, "fuzz", data[0] % 8);
    std::vector<Entry> entries;
    for (size_t i = 0; i < texts.size(); ++i) {
      snaps.push_back(MakeSnapshot(std::to_string(i) + ".py", "py", texts[i]));
      const Snapshot& s = *snaps.back();
      if (i == 0) {
        w.AddSnapshot(s);
        entries.push_back(MakeFrontendEntry(s, "", ""));
        continue;
      }
      PassDiff d = DiffPass(*snaps[i - 1], s);
      w.AddSnapshot(s, *snaps[i - 1], d);
      entries.push_back(MakePassEntry(static_cast<long>(i), "P", static_cast<int>(i - 1), static_cast<int>(i), s,
                                      std::move(d), "", ""));
    }
    for (const Entry& e : entries) w.AddEntry(e);
    w.Finish();
  }
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(sink.text);
  } catch (const nlohmann::json::exception& e) {
    throw FuzzFailure(std::string("the payload is JSON: ") + e.what());
  }
  Expect(j["snapshots"].size() == snaps.size() && j["entries"].size() == snaps.size(), "every snapshot and entry");
  for (size_t i = 0; i < snaps.size(); ++i) {
    std::vector<std::string> lines = Rebuild(j["snapshots"], i);
    Expect(lines.size() == snaps[i]->lines.size() && j["snapshots"][i]["n"] == lines.size(), "line count");
    for (size_t k = 0; k < lines.size(); ++k) Expect(lines[k] == snaps[i]->lines[k], "rebuilt line equals the text");
  }
  return 0;
}

int DumpLog(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::string text = Bytes(data + 1, size - 1);
  size_t lines = static_cast<size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  DumpListing l;
  try {
    l = data[0] % 2 == 0 ? ReadMlirLog("f.log", text) : ReadLlvmLog("f.log", text);
  } catch (const Error&) {
    return 0;
  }
  Expect(!l.passes.empty(), "a listing has a pass");
  auto check = [&](const DumpFile& f, bool unchanged) {
    Expect((f.text != nullptr || f.load || unchanged) && f.path.empty(),
           "snapshots are held in memory or read again from the log");
    if (f.load) Expect(f.load().size() == f.load_bytes, "a snapshot read again is as long as it was");
    Expect(f.name.rfind("f.log line ", 0) == 0, "snapshots are named by their line");
    size_t n = std::stoul(f.name.substr(11));
    Expect(n >= 1 && n <= lines, "the line is in the log");
    if (!f.log_name.empty()) Expect(f.log != nullptr, "a log held in memory");
  };
  // The first pass is a pass: without the IR before it in the log, the first entry is empty.
  bool no_input =
      l.frontend.text && l.frontend.text->empty() && l.frontend.name == "f.log (the IR before pass 1: not in the log)";
  if (!no_input) check(l.frontend, false);
  for (size_t k = 0; k < l.passes.size(); ++k) {
    const DumpPass& p = l.passes[k];
    Expect(p.number == k + 1, "passes numbered 1..N");
    Expect(p.unit == IrUnit::kWhole || !p.unit_keys.empty(), "a pass on an IR unit names it");
    Expect(!p.unchanged || p.unit != IrUnit::kLoop || k > 0, "a loop's first dump is read");
    check(p.file, p.unchanged);
  }
  return 0;
}

}  // namespace irtrace::fuzz
