#include "record/pass_observer.h"

#include <memory>
#include <optional>
#include <string>

#include <unistd.h>

#include "diff/pass_diff.h"
#include "input/snapshot.h"
#include "record/dump_writer.h"
#include "record/safe_name.h"
#include "report/terminal_diff.h"

namespace irtrace {
namespace {

// The terminal printer's memory between passes: what the snapshot before the next pass is called, and
// its extension (a pass may change the extension: each side is split in its own language).
struct TerminalState {
  std::FILE* out;
  TerminalStyle style;
  std::string last_name;  // "" until the frontend (or a first pass without one) is seen
  std::string last_ext;

  void Pass(const PassEvent& e) {
    std::string ext = SafeExtension(e.ext);
    if (e.number == 0 || last_name.empty()) {
      last_name = "00_frontend." + ext;
      last_ext = ext;
      if (e.number == 0) return;
    }
    std::string name = PassFileName(e.number, e.pass, ext);
    std::string title =
        "irtrace: " + std::string(e.session) + ": pass " + std::to_string(e.number) + " " + std::string(e.pass);
    if (!e.phase.empty()) title += " (" + std::string(e.phase) + ")";
    TerminalPass pass{title, last_name, name};
    std::unique_ptr<Snapshot> before = MakeSnapshot(last_name, last_ext, std::string(e.before));
    std::string text;
    if (e.failed) {
      // The dump stores the IR before a throwing pass as that pass's own snapshot: named as ir-trace
      // --terminal names it.
      WriteFailedPass(pass, e.error, *before, name, style, std::nullopt, &text);
    } else {
      std::unique_ptr<Snapshot> after = MakeSnapshot(name, ext, std::string(e.after));
      WritePassDiff(pass, *before, *after, DiffPass(*before, *after), style, std::nullopt, &text);
    }
    last_name = name;
    last_ext = ext;
    if (text.empty()) return;
    std::fwrite(text.data(), 1, text.size(), out);
    std::fflush(out);
  }
};

}  // namespace

PassObserver TerminalObserver(std::FILE* out, bool color) {
  auto state = std::make_shared<TerminalState>();
  state->out = out;
  state->style.color = color;
  return [state](const PassEvent& e) { state->Pass(e); };
}

PassObserver ObserverFor(const Settings& settings) {
  if (settings.mode != Mode::kTerminal && settings.mode != Mode::kBoth) return {};
  return TerminalObserver(stderr, AutoColor(STDERR_FILENO));
}

}  // namespace irtrace
