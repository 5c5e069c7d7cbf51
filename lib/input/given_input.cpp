#include "input/given_input.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <vector>

#include "input/log_listing.h"
#include "scope/function_scope.h"
#include "util/line_index.h"

namespace irtrace {
namespace {

namespace fs = std::filesystem;

std::set<std::string> FunctionKeys(const std::string& ext, const std::string& text) {
  LineIndex index(text, '\n');
  std::set<std::string> keys;
  for (const Section& s : SplitFunctions(LanguageForExtension(ext), index).sections) keys.insert(s.key);
  return keys;
}

// The text after `prefix` on the first line of `text` (within its first 100 lines) that starts with it, with
// its quotes; "" when none does.
std::string LineValue(const std::string& text, const std::string& prefix) {
  size_t at = 0;
  for (int k = 0; k < 100 && at < text.size(); ++k) {
    size_t nl = std::min(text.find('\n', at), text.size());
    std::string_view line(text.data() + at, nl - at);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.substr(0, prefix.size()) == prefix) return std::string(line.substr(prefix.size()));
    at = nl + 1;
  }
  return "";
}

// "@a, @b" (at most 5, then ", ...").
std::string Names(const std::vector<std::string>& keys) {
  std::string out;
  for (size_t k = 0; k < keys.size() && k < 5; ++k) out += (k ? ", @" : "@") + keys[k];
  return keys.size() > 5 ? out + ", ..." : out;
}

std::vector<std::string> Minus(const std::set<std::string>& a, const std::set<std::string>& b) {
  std::vector<std::string> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

// The warnings for an input that disagrees with the first pass's snapshot `first` (of pass `p`).
std::vector<std::string> Disagreements(const GivenInput& input, const std::string& ext, const DumpPass& p,
                                       const std::string& first) {
  std::vector<std::string> out;
  const std::string head = input.path + ", the IR before the first pass (" + p.pass_name + "), disagrees with it: ";
  const std::string tail = " (if it is not this run's input, the first pass's diff is not what the pass did)";
  std::set<std::string> given = FunctionKeys(ext, input.text);
  bool llvm = LanguageForExtension(ext) == ScopeLanguage::kLlvm;
  if (p.unit == IrUnit::kWhole) {
    std::set<std::string> dumped = FunctionKeys(ext, first);
    std::vector<std::string> only_input = Minus(given, dumped), only_dump = Minus(dumped, given);
    const char* what = LanguageForExtension(ext) == ScopeLanguage::kMlir ? "symbols" : "functions";
    if (!only_dump.empty())
      out.push_back(head + "its output defines " + what + " the input lacks (" + Names(only_dump) + ")" + tail);
    if (!only_input.empty())
      out.push_back(head + "the input defines " + what + " its output lacks (" + Names(only_input) + ")" + tail);
    if (llvm) {
      // opt names the module by the file it read; the input keeps the ModuleID of whoever wrote it.
      std::string id = LineValue(first, "; ModuleID = ");
      std::string own = LineValue(input.text, "; ModuleID = ");
      std::string file = fs::path(input.path).filename().string();
      if (!id.empty() && id != own && id != "'" + input.path + "'" && id != "'" + file + "'" && id != "'<stdin>'")
        out.push_back(head + "its ModuleID is " + id + ", the input's " + (own.empty() ? "none" : own) + tail);
      std::string source = LineValue(first, "source_filename = ");
      std::string given_source = LineValue(input.text, "source_filename = ");
      if (!source.empty() && source != given_source)
        out.push_back(head + "its source_filename is " + source + ", the input's " +
                      (given_source.empty() ? "none" : given_source) + tail);
    }
    return out;
  }
  // A function, an SCC, a loop (unit_keys: the banner's unit, then the function's key).
  std::vector<std::string> keys =
      p.unit == IrUnit::kLoop && p.unit_keys.size() > 1 ? std::vector<std::string>{p.unit_keys[1]} : p.unit_keys;
  std::vector<std::string> missing;
  for (const std::string& k : keys) {
    if (!given.count(k)) missing.push_back(k);
  }
  if (!missing.empty())
    out.push_back(head + "it runs on " + Names(missing) + ", which the input does not define" + tail);
  return out;
}

// LLVM IR: opt names the module by the file it read (`; ModuleID = 'p.ll'`) where the file keeps the name
// its writer gave (`'p.c'`, clang's): no pass changes that line, so the input is shown with the first dump's,
// and a note says so. Returns the note, or "" when the lines agree or the first dump names another module.
std::string TakeModuleId(const GivenInput& input, const std::string& first, std::string* text) {
  const std::string prefix = "; ModuleID = ";
  std::string id = LineValue(first, prefix), own = LineValue(*text, prefix);
  std::string file = fs::path(input.path).filename().string();
  if (id.empty() || own.empty() || id == own || (id != "'" + input.path + "'" && id != "'" + file + "'")) return "";
  if (text->rfind(prefix + own, 0) != 0) return "";
  text->replace(0, prefix.size() + own.size(), prefix + id);
  return "the input's ModuleID line is shown as the first dump prints it, " + id + " (" + input.path + " says " + own +
         "): opt names the module after the file it read, which no pass changes";
}

std::string TextOf(const DumpFile& f) {
  if (f.text) return *f.text;
  if (f.load) return f.load();
  std::ifstream in(f.path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A stream whose first pass was read ahead (to compare it with the input) and is handed out first.
class PeekedStream : public PassStream {
 public:
  PeekedStream(std::shared_ptr<PassStream> inner, DumpPass first)
      : inner_(std::move(inner)), first_(std::move(first)) {}
  bool Next(DumpPass* pass) override {
    if (first_) {
      *pass = std::move(*first_);
      first_.reset();
      return true;
    }
    return inner_->Next(pass);
  }
  std::vector<std::string> LastPassNotes() override { return inner_->LastPassNotes(); }
  std::vector<std::string> InputNotes() override { return inner_->InputNotes(); }

 private:
  std::shared_ptr<PassStream> inner_;
  std::optional<DumpPass> first_;
};

}  // namespace

GivenInput ReadGivenInput(const std::string& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw Error("'" + path + "' is a directory, not a file of IR");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot open '" + path + "': " + std::strerror(errno));
  std::ostringstream s;
  s << in.rdbuf();
  if (in.bad()) throw Error("cannot read '" + path + "': " + std::strerror(errno));
  return GivenInput{path, s.str()};
}

void UseGivenInput(DumpListing* listing, const GivenInput& input, const std::string& dump) {
  if (listing->frontend_label != kNoInputLabel) {
    throw Error("--input FILE is for a log without the IR before its first pass: " + dump + " holds its own (" +
                    listing->frontend_label + ")",
                ExitCode::kUsage);
  }
  const std::string ext = listing->frontend.extension;
  DumpPass* first = nullptr;
  DumpPass peeked;
  bool any = false;
  if (listing->stream) {
    any = listing->stream->Next(&peeked);
    first = &peeked;
  } else if (!listing->passes.empty()) {
    first = &listing->passes[0];
    any = true;
  }
  std::string shown = input.text;
  if (any) {
    first->notes.erase(std::remove(first->notes.begin(), first->notes.end(), std::string(kNoInputNote)),
                       first->notes.end());
    first->log_notes.erase(std::remove_if(first->log_notes.begin(), first->log_notes.end(),
                                          [](const DumpPass::LogNote& n) { return n.kind == "no_input"; }),
                           first->log_notes.end());
    std::string text = first->unchanged ? "" : TextOf(first->file);
    if (!first->unchanged) {
      for (std::string& w : Disagreements(input, ext, *first, text)) listing->warnings.push_back(std::move(w));
    }
    if (LanguageForExtension(ext) == ScopeLanguage::kLlvm && first->unit == IrUnit::kWhole) {
      std::string note = TakeModuleId(input, text, &shown);
      if (!note.empty()) listing->notes.push_back(std::move(note));
    }
  }
  DumpFile f;
  f.name = input.path;
  f.path = input.path;  // listed among the files read (the depfile's prerequisites); the text is held
  f.extension = ext;
  f.in_dump = false;
  f.text = std::make_shared<const std::string>(std::move(shown));
  listing->frontend = std::move(f);
  listing->frontend_label = kGivenInputLabel;
  if (listing->stream && any) listing->stream = std::make_shared<PeekedStream>(listing->stream, std::move(peeked));
}

}  // namespace irtrace
