// LLVM's -print-changed=diff and =cdiff logs (LLVM 19, read from real opt-19 output; the printer is
// InLineChangePrinter in llvm/lib/Passes/StandardInstrumentations.cpp): "*** IR Dump At Start ***" and the
// whole module, then under each changed pass's banner ("*** IR Dump After P on f ***") its unit's blocks,
// every line marked: " " unchanged, "-" removed, "+" added (=cdiff wraps the marked lines in ANSI colours,
// "\x1b[31m-...\x1b[0m" and "\x1b[32m+...\x1b[0m"). Each block starts with a blank (" ") line; the function's
// define line and closing brace are not printed. A function pass prints its function; a loop pass its whole
// function; a module or SCC pass every defined function of the module, each under
// "*** IR for function <the pass's unit> ***" ("[module]", "(f, g)": the unit's name, not the function's),
// in the module's order: functions are matched by that order. Module-level lines are never printed after
// the start.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace irtrace {

// True when every line of `text` (a dump's text, '\n'-separated) is a marked diff line (" ", "-", "+",
// coloured or not), an empty line or an "*** IR for function" line, and one is "-" or "+" or coloured.
bool LooksLikeChangedDiff(const std::string& text);

// The two sides of one diff dump of =diff-quiet / =cdiff-quiet, which print no start to apply it to: the
// lines LLVM printed of the unit before the pass (marked " " or "-") and after it (" " or "+"), each without
// its mark and colours, and "*** IR for function ..." lines and empty lines in both, in order; each line
// with '\n'. No define line, closing brace or module-level line is in either: the form prints none.
struct DiffSides {
  std::string before, after;
};
DiffSides SidesOfDiff(const std::string& diff);

// The module as a -print-changed=diff log rebuilds it: the start, each changed pass's diff applied.
class ChangedDiffModule {
 public:
  // `start`: the text under "*** IR Dump At Start ***" (the whole module).
  explicit ChangedDiffModule(const std::string& start);

  // What one diff told.
  struct Applied {
    std::string text;                  // the unit's text after the pass: a function (with its
                                       // "; Function Attrs:" line), or the module
    std::vector<std::string> changed;  // the functions (keys) whose body the diff changed
    std::vector<std::string> notes;    // what the form leaves unknown here (one sentence each)
  };

  // A function or loop pass's diff of function `key` (its key as the IR spells it): the function's body
  // replaced by the diff's after side (its define line kept as it stood). A function not in the module:
  // `text` empty and a note.
  Applied ApplyFunction(const std::string& key, const std::string& diff);

  // A module or SCC pass's diff (every defined function, by order): each function's body replaced; a
  // section with no before side is a function added (its name is not printed: left out, with a note), one
  // with no after side a function removed. `text` is the module.
  Applied ApplyModule(const std::string& diff);

  // The module as it stands.
  std::string Text() const;
  // Its defined functions' keys, in order.
  std::vector<std::string> FunctionKeys() const;

 private:
  struct Chunk {
    bool function = false;
    std::string key;                // function: its key
    std::string head;               // function: its "; Function Attrs:" line (if any) and define line(s)
    std::vector<std::string> body;  // function: the lines between the define line and "}"
    std::string text;               // other lines, as they are (each with its '\n')
  };
  static std::string FunctionText(const Chunk& c);
  // Replaces chunk `c`'s body by the after side of `section`'s lines; false when its before side is not
  // the body it had.
  static bool ApplyTo(Chunk* c, const std::vector<std::string>& section, bool* changed);
  std::vector<Chunk> chunks_;
};

}  // namespace irtrace
