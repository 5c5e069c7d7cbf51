// The one table of the options (cmd/ir-trace/options_table.h, issue 22 point 8) against what is built from
// it and what is written from it: every option line of each subcommand's --help is an entry of the table
// with its text, and the option lists of man/ir-trace.1 (OPTIONS, the compare synopsis) and README.md (the
// Usage table, the compare usage line) name exactly the table's options.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_in_process.h"
#include "options_table.h"

namespace irtrace::test {
namespace {

using cli::OptionSpec;
using cli::OptionTable;

std::string ReadSource(const std::string& rel) {
  std::ifstream in(std::string(IRTRACE_SOURCE_DIR) + "/" + rel, std::ios::binary);
  REQUIRE(in);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The option names (-o, --output) in `text`: a dash or two, then lower-case letters and dashes, standing
// alone (so -K of "latest|-K|TIME" and the words of a value are not names).
std::set<std::string> OptionNames(const std::string& text) {
  std::set<std::string> names;
  static const std::regex name(R"((^|[^\w-])(--[a-z][a-z-]*|-[a-z])(?![\w-]))");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), name); it != std::sregex_iterator(); ++it) {
    names.insert((*it)[2]);
  }
  return names;
}

// The table's option names of `command`, each of "-o,--output" apart, without `leave_out`.
std::set<std::string> TableNames(const std::string& command, const std::set<std::string>& leave_out = {}) {
  std::set<std::string> names;
  for (const OptionSpec& s : OptionTable()) {
    if (s.command != command || s.names[0] != '-') continue;
    for (const std::string& n : OptionNames(s.names)) {
      if (leave_out.count(n) == 0) names.insert(n);
    }
  }
  return names;
}

// What is wrong with `listed` as a list of `command`'s options (but `leave_out`'s): a name the table does not
// have, or an entry none of whose names is listed (a synopsis may name an option by its short name only).
std::vector<std::string> Mismatches(const std::set<std::string>& listed, const std::string& command,
                                    const std::set<std::string>& leave_out = {}) {
  std::vector<std::string> wrong;
  std::set<std::string> known = TableNames(command);
  for (const std::string& n : listed) {
    if (known.count(n) == 0) wrong.push_back(n + " is not an option of " + command + " (options_table.cpp)");
  }
  for (const OptionSpec& s : OptionTable()) {
    if (s.command != command || s.names[0] != '-') continue;
    std::set<std::string> names = OptionNames(s.names);
    bool left_out = false, named = false;
    for (const std::string& n : names) {
      left_out = left_out || leave_out.count(n) > 0;
      named = named || listed.count(n) > 0;
    }
    if (!left_out && !named) wrong.push_back(std::string(s.names) + " of " + command + " is not listed");
  }
  return wrong;
}

// The man page's text with its escaped dashes (\-) as dashes.
std::string ManPage() { return std::regex_replace(ReadSource("man/ir-trace.1"), std::regex(R"(\\-)"), "-"); }

const std::set<std::string> kHelpAndVersion = {"-h", "--help", "--version"};

}  // namespace

TEST_CASE("--help of each subcommand is the options table", "[options_table]") {
  for (const std::string command : {"ir-trace", "ir-trace compare", "ir-trace index"}) {
    std::vector<std::string> args;
    if (command != "ir-trace") args.push_back(command.substr(9));
    args.push_back("--help");
    CliResult r = RunMain(args);
    REQUIRE(r.code == 0);
    // One item per option: its line, and the lines CLI11 continues it on (a long value name puts the help on
    // the next line), spaces collapsed.
    std::vector<std::string> option_lines;
    bool in_list = false;
    for (const std::string& line : Lines(r.out)) {
      if (line == "Options:" || line == "Positionals:") {
        in_list = true;
      } else if (line.empty()) {
        in_list = false;
      } else if (in_list && line.rfind("   ", 0) == 0 && !option_lines.empty()) {
        option_lines.back() += " " + line;
      } else if (in_list) {
        option_lines.push_back(line);
      }
    }
    for (std::string& line : option_lines) line = std::regex_replace(line, std::regex(" +"), " ");
    std::vector<const OptionSpec*> entries;
    for (const OptionSpec& s : OptionTable()) {
      if (s.command == command) entries.push_back(&s);
    }
    INFO(command << " --help:\n" << r.out);
    CHECK(option_lines.size() == entries.size());
    for (const std::string& line : option_lines) {
      // "  NAMES [VALUE]   HELP": an entry whose names start the line and whose help ends it
      bool found = false;
      for (const OptionSpec* s : entries) {
        std::string names = std::string(" ") + s->names;
        std::string help = s->help;
        bool starts =
            line.compare(0, names.size(), names) == 0 && (line.size() == names.size() || line[names.size()] == ' ');
        bool ends = line.size() >= help.size() && line.compare(line.size() - help.size(), help.size(), help) == 0;
        bool value = *s->value == '\0' || line.find(std::string(" ") + s->value + " ") != std::string::npos;
        if (starts && ends && value) found = true;
      }
      INFO("--help line: " << line);
      CHECK(found);
    }
  }
}

TEST_CASE("man/ir-trace.1 lists the options of the table", "[options_table]") {
  std::vector<std::string> lines = Lines(ManPage());
  std::set<std::string> listed;  // the option names of the tags of OPTIONS' .TP paragraphs
  std::string compare_synopsis;
  bool options = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].rfind(".SH", 0) == 0) options = lines[i] == ".SH OPTIONS";
    if (options && lines[i] == ".TP" && i + 1 < lines.size()) {
      std::string tag = lines[i + 1];
      // the names come before the value: cut at the first " " (a .BR's separator before the value)
      size_t value = tag.find("\" \"");
      for (const std::string& n : OptionNames(tag.substr(0, value))) listed.insert(n);
    }
    if (lines[i].rfind(".B ir-trace compare ", 0) == 0) compare_synopsis = lines[i];
  }
  CHECK(Mismatches(listed, "ir-trace") == std::vector<std::string>{});
  CHECK(listed == TableNames("ir-trace"));  // OPTIONS names every name
  REQUIRE(!compare_synopsis.empty());
  CHECK(Mismatches(OptionNames(compare_synopsis), "ir-trace compare", kHelpAndVersion) == std::vector<std::string>{});
}

TEST_CASE("README.md lists the options of the table", "[options_table]") {
  std::vector<std::string> lines = Lines(ReadSource("README.md"));
  std::set<std::string> listed;  // the first cells of the option table of "## Usage"
  std::string compare_usage;
  bool usage = false;
  for (const std::string& line : lines) {
    if (line.rfind("## ", 0) == 0) usage = line == "## Usage";
    if (line.rfind("### ", 0) == 0) usage = false;
    if (!usage) continue;
    if (line.rfind("| `-", 0) == 0) {
      std::string cell = line.substr(1, line.find(" | ", 1));
      // the names come before the value: "`-o, --output PATH`" is -o and --output
      static const std::regex value(R"( [A-Z]\S*`| [a-z]+\\?\|\S*`)");
      for (const std::string& n : OptionNames(std::regex_replace(cell, value, "`"))) listed.insert(n);
    }
    if (line.rfind("ir-trace compare ", 0) == 0) compare_usage = line;
  }
  CHECK(Mismatches(listed, "ir-trace", kHelpAndVersion) == std::vector<std::string>{});
  REQUIRE(!compare_usage.empty());
  CHECK(Mismatches(OptionNames(compare_usage), "ir-trace compare", kHelpAndVersion) == std::vector<std::string>{});
}

}  // namespace irtrace::test
