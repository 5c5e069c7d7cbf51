#include "record/working_copy.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include "record/dump_writer.h"
#include "record/safe_name.h"
#include "util/atomic_file.h"
#include "util/error.h"
#include "util/file_lock.h"

namespace irtrace {
namespace {

// The whole file, or nullopt when it does not exist. Throws Error for anything else (a directory there,
// permission denied, a read error): a working copy that cannot be read must not be taken for absent.
std::optional<std::string> ReadIfExists(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return std::nullopt;
    throw Error("cannot read '" + path + "': " + std::strerror(errno));
  }
  std::string text;
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) {
      text.append(buf, static_cast<size_t>(n));
    } else if (n == 0) {
      break;
    } else if (errno != EINTR) {
      int err = errno;
      ::close(fd);
      throw Error("cannot read '" + path + "': " + std::strerror(err));
    }
  }
  ::close(fd);
  return text;
}

void Write(const std::string& path, std::string_view text) { WriteGuestFile(path, text); }

void Move(const std::string& from, const std::string& to) {
  if (::rename(from.c_str(), to.c_str()) != 0) {
    throw Error("cannot rename '" + from + "' to '" + to + "': " + std::strerror(errno));
  }
}

// The N after the highest of <file>.bak.N and <file>.original.bak.N in `dir` (1 when there is none).
unsigned NextBackup(const std::string& dir, const std::string& file) {
  DIR* d = ::opendir(dir.c_str());
  if (!d) throw Error("cannot read '" + dir + "': " + std::strerror(errno));
  unsigned highest = 0;
  const std::string prefixes[] = {file + ".bak.", file + ".original.bak."};
  while (struct dirent* e = ::readdir(d)) {
    std::string_view name = e->d_name;
    for (const std::string& prefix : prefixes) {
      if (name.size() <= prefix.size() || name.substr(0, prefix.size()) != prefix) continue;
      std::string_view digits = name.substr(prefix.size());
      if (digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string_view::npos) continue;
      highest = std::max(highest, static_cast<unsigned>(std::stoul(std::string(digits))));
    }
  }
  ::closedir(d);
  return highest + 1;
}

// The path as a shell word: single-quoted ('\'' for a quote). A path with control bytes cannot be one word
// on a line of its own: it is shown escaped instead (not runnable, but it cannot forge a line).
std::string ShellWord(std::string_view path) {
  for (char ch : path) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7f) return "'" + PrintableText(path) + "'";
  }
  std::string out = "'";
  for (char ch : path) {
    if (ch == '\'') {
      out += "'\\''";
    } else {
      out.push_back(ch);
    }
  }
  return out + "'";
}

// Carries out `o.decision` for the new output; `edit` is the working copy's text (kPatched, kSynced,
// kConflict, kInitBackup). The order of the writes is the crash-safety argument, decision by decision.
void CarryOut(const std::string& working, const std::string& output, const std::string& latest_before, bool has_latest,
              CodegenOutcome* o, const std::string& dir, const std::string& file) {
  const std::string original = working + ".original", latest = working + ".latest";
  switch (o->decision) {
    case CodegenDecision::kUnchanged:
    case CodegenDecision::kPatched: break;
    case CodegenDecision::kInitBackup:
      o->backup = NextBackup(dir, file);
      Move(working, working + ".bak." + std::to_string(o->backup));
      [[fallthrough]];
    case CodegenDecision::kInit:
      // Baseline first: dying before the working copy is written leaves none, which is kInit again.
      Write(original, output);
      Write(working, output);
      break;
    case CodegenDecision::kRegenerated:
      // Working copy first: dying before the baseline leaves working == new output != baseline, which
      // the next compilation of the same output reads as kSynced (never as an edit of the old output).
      Write(working, output);
      Write(original, output);
      break;
    case CodegenDecision::kSynced: Write(original, output); break;
    case CodegenDecision::kConflict: {
      // The edit is renamed away first, so it is kept whatever happens next; then as kInit.
      o->backup = NextBackup(dir, file);
      std::string n = std::to_string(o->backup);
      Move(working, working + ".bak." + n);
      Move(original, original + ".bak." + n);
      Write(original, output);
      Write(working, output);
      break;
    }
  }
  if (!has_latest || latest_before != output) Write(latest, output);
}

}  // namespace

const char* DecisionName(CodegenDecision decision) {
  switch (decision) {
    case CodegenDecision::kInit: return "INIT";
    case CodegenDecision::kUnchanged: return "UNCHANGED";
    case CodegenDecision::kPatched: return "PATCHED";
    case CodegenDecision::kRegenerated: return "REGENERATED";
    case CodegenDecision::kSynced: return "SYNCED";
    case CodegenDecision::kConflict: return "CONFLICT";
    case CodegenDecision::kInitBackup: return "INIT-BACKUP";
  }
  return "?";
}

CodegenDecision Decide(const WorkingCopyState& state, std::string_view output) {
  if (!state.working) return CodegenDecision::kInit;
  if (!state.original) return CodegenDecision::kInitBackup;
  bool edited = *state.working != *state.original;
  bool changed = output != *state.original;
  if (!edited) return changed ? CodegenDecision::kRegenerated : CodegenDecision::kUnchanged;
  if (!changed) return CodegenDecision::kPatched;
  return *state.working == output ? CodegenDecision::kSynced : CodegenDecision::kConflict;
}

CodegenOutcome DecideWorkingCopy(const std::string& name_dir, const std::string& file, const std::string& output) {
  CodegenOutcome o;
  o.working = name_dir + "/" + file;
  try {
    FileLock lock(name_dir + "/.lock");
    WorkingCopyState state;
    state.working = ReadIfExists(o.working);
    state.original = ReadIfExists(o.working + ".original");
    std::optional<std::string> latest = ReadIfExists(o.working + ".latest");
    o.decision = Decide(state, output);
    o.decided = true;
    bool build_edit = o.decision == CodegenDecision::kPatched || o.decision == CodegenDecision::kSynced;
    o.text = build_edit ? std::move(*state.working) : output;
    CarryOut(o.working, output, latest.value_or(""), latest.has_value(), &o, name_dir, file);
  } catch (const std::exception& e) {
    o.failure = e.what();
    if (!o.decided) o.text = output;
  }
  return o;
}

std::string DecisionLine(std::string_view session, std::string_view file, std::string_view role,
                         const CodegenOutcome& o) {
  std::string line = "irtrace: " + PrintableText(session) + ": " + PrintableText(file) + " (" + std::string(role) +
                     "): " + DecisionName(o.decision);
  const std::string working = ShellWord(o.working);
  const std::string n = std::to_string(o.backup);
  switch (o.decision) {
    case CodegenDecision::kInit:
      return line + ": generated source written to " + working + " (edit it and compile again to build the edit)";
    case CodegenDecision::kUnchanged: return line + ": building the generated source";
    case CodegenDecision::kPatched:
      return line + ": building your edit " + working + " (the generated source is its .latest)";
    case CodegenDecision::kRegenerated: return line + ": the generated source changed; " + working + " follows it";
    case CodegenDecision::kSynced:
      return line + ": your edit " + working + " equals the new generated source; baseline updated";
    case CodegenDecision::kConflict:
      return line + ": the generated source changed and " + working + " was edited; building the new source, " +
             "your edit kept as .bak." + n + "; re-apply it with: diff -u " +
             ShellWord(o.working + ".original.bak." + n) + " " + ShellWord(o.working + ".bak." + n) + " | patch " +
             working;
    case CodegenDecision::kInitBackup:
      return line + ": " + working + " was not written by irtrace (no .original): moved to .bak." + n +
             "; generated source written in its place";
  }
  return line;
}

}  // namespace irtrace
