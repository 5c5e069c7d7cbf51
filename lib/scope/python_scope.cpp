// Python-like IR (TVMScript, PyPTO, TileLang): functions found by indentation of logical lines.
//
// A line lexer carries bracket nesting, open strings and backslash continuations across lines, so only
// lines that start a logical line are looked at for `def`/`class`/decorators and for dedents. The text
// need not parse as Python (`pl.tensor.and(`, empty `else:` bodies): nothing beyond brackets, strings,
// comments and indentation is interpreted.
//
// Headers, as the Python Language Reference ("Compound statements": function and class definitions)
// gives them:
//
//   funcdef:   [decorators] ["async"] "def" funcname [type_params] "(" [parameter_list] ")" ["->" expression] ":" suite
//   classdef:  [decorators] "class" classname [type_params] [inheritance] ":" suite
//   decorator: "@" assignment_expression NEWLINE
//
// Accepted: `def`, `async def` and `class` (blanks or tabs between the words), the name followed by
// anything (type parameters `f[T]`, bases); decorators of any expression, over several lines inside
// brackets, attached across blank and comment lines at the same column; a backslash continuation
// between the keywords and the name (`def \` / `f():`); one-line bodies (`def f(): pass`). Top-level
// defs are sections `name`; a top-level class's direct defs and classes are `Class.member` (deeper ones
// belong to their member).
#include <optional>
#include <string>
#include <vector>

#include "scope/function_scope.h"
#include "scope/scope_scan.h"

namespace irtrace {
namespace {

// Column after leading blanks: a tab advances to the next multiple of 8, a form feed resets to 0 (as
// CPython's tokenizer does).
struct Indent {
  size_t width = 0;  // columns
  size_t pos = 0;  // index of the first non-blank character
};

Indent MeasureIndent(std::string_view s) {
  Indent ind;
  for (; ind.pos < s.size(); ++ind.pos) {
    char c = s[ind.pos];
    if (c == ' ') {
      ++ind.width;
    } else if (c == '\t') {
      ind.width = (ind.width / 8 + 1) * 8;
    } else if (c == '\f') {
      ind.width = 0;
    } else {
      break;
    }
  }
  return ind;
}

enum class Stmt { kOther, kDecorator, kDef, kClass };

struct StmtHead {
  Stmt kind = Stmt::kOther;
  std::string_view name;
};

// `kw` followed by at least one blank; returns the text after the blanks.
std::optional<std::string_view> AfterWord(std::string_view s, std::string_view kw) {
  if (s.size() <= kw.size() || s.substr(0, kw.size()) != kw) return std::nullopt;
  size_t i = kw.size();
  if (s[i] != ' ' && s[i] != '\t') return std::nullopt;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  return s.substr(i);
}

std::string_view LeadingIdent(std::string_view s) {
  if (s.empty() || !IsIdentStart(s[0])) return {};
  size_t n = 1;
  while (n < s.size() && IsIdentChar(s[n])) ++n;
  return s.substr(0, n);
}

// What a logical line starting with `code` (indentation removed) declares.
StmtHead Classify(std::string_view code) {
  StmtHead head;
  if (!code.empty() && code[0] == '@') {
    head.kind = Stmt::kDecorator;
    return head;
  }
  if (auto rest = AfterWord(code, "async")) code = *rest;
  if (auto rest = AfterWord(code, "def")) {
    head.name = LeadingIdent(*rest);
    if (!head.name.empty()) head.kind = Stmt::kDef;
  } else if (auto rest2 = AfterWord(code, "class")) {
    head.name = LeadingIdent(*rest2);
    if (!head.name.empty()) head.kind = Stmt::kClass;
  }
  return head;
}

// The start of a logical line whose physical lines end in a backslash (`def \` then `f():`), joined with a
// blank for each backslash-newline; at most 8 lines, enough for the keywords and name Classify reads.
std::string JoinBackslashLines(const LineIndex& lines, size_t ln, size_t pos) {
  std::string head;
  std::string_view s = StripCr(lines[ln]).substr(pos);
  for (size_t k = 1;; ++k) {
    bool continued = !s.empty() && s.back() == '\\';
    head.append(s.substr(0, continued ? s.size() - 1 : s.size()));
    if (!continued || k == 8 || ln + k >= lines.size()) break;
    head += ' ';
    s = StripCr(lines[ln + k]);
    s.remove_prefix(MeasureIndent(s).pos);
  }
  return head;
}

// Lexical state that crosses line ends: open brackets, an open string, a backslash continuation.
class LineLexer {
 public:
  // True when the next physical line continues the current logical line.
  bool Continues() const { return !brackets_.empty() || quote_ != 0 || backslash_; }

  // Lexes `s` from `from` (line index `line`); on a bracket error sets `error` and returns false.
  bool Lex(std::string_view s, size_t from, size_t line, std::string* error) {
    backslash_ = false;
    escaped_eol_ = false;
    size_t i = from;
    while (i < s.size()) {
      if (quote_ != 0) {
        i = SkipString(s, i);
        continue;
      }
      char c = s[i];
      if (c == '#') return true;  // comment to end of line
      if (c == '"' || c == '\'') {
        quote_ = c;
        triple_ = i + 2 < s.size() && s[i + 1] == c && s[i + 2] == c;
        string_line_ = line;
        i += triple_ ? 3 : 1;
        continue;
      }
      if (c == '(' || c == '[' || c == '{') {
        brackets_.push_back(c);
        bracket_lines_.push_back(line);
      } else if (c == ')' || c == ']' || c == '}') {
        char open = c == ')' ? '(' : c == ']' ? '[' : '{';
        if (brackets_.empty() || brackets_.back() != open) {
          *error = AtLine(std::string("unbalanced brackets: unexpected '") + c + "'", line);
          return false;
        }
        brackets_.pop_back();
        bracket_lines_.pop_back();
      } else if (c == '\\' && i + 1 == s.size()) {
        backslash_ = true;
      }
      ++i;
    }
    // A one-quote string ends with its line unless a final backslash escapes the newline; an
    // unterminated one is closed leniently (the text is IR, not necessarily Python).
    if (quote_ != 0 && !triple_ && !escaped_eol_) quote_ = 0;
    return true;
  }

  // Why the text cannot end here (open triple-quoted string or bracket), or empty.
  std::string EndError() const {
    if (quote_ != 0 && triple_) return AtLine("unterminated triple-quoted string starting", string_line_);
    if (!brackets_.empty()) {
      return AtLine(std::string("unbalanced brackets: '") + brackets_.back() + "' not closed", bracket_lines_.back());
    }
    return {};
  }

 private:
  // Advances through an open string from `i`; returns where lexing resumes.
  size_t SkipString(std::string_view s, size_t i) {
    escaped_eol_ = false;
    while (i < s.size()) {
      char c = s[i];
      if (c == '\\') {
        if (i + 1 == s.size()) escaped_eol_ = true;
        i += 2;
        continue;
      }
      if (c == quote_) {
        if (!triple_) {
          quote_ = 0;
          return i + 1;
        }
        if (i + 2 < s.size() && s[i + 1] == c && s[i + 2] == c) {
          quote_ = 0;
          return i + 3;
        }
      }
      ++i;
    }
    return s.size();
  }

  std::vector<char> brackets_;
  std::vector<size_t> bracket_lines_;  // line of each open bracket, for the fallback message
  char quote_ = 0;  // open string's quote character, 0 when none
  bool triple_ = false;
  bool escaped_eol_ = false;  // the open one-quote string's line ended in a backslash
  bool backslash_ = false;  // the line ended in a continuation backslash
  size_t string_line_ = 0;
};

// A function or member class being collected.
struct OpenSection {
  std::string key;
  size_t indent = 0;  // its header's indentation: a code line at or left of it ends the section
  size_t begin = 0;
  size_t end = 0;  // one past its last body line so far
};

// The decorator lines waiting for their def or class (a plain struct: GCC 12 warns spuriously about
// std::optional<std::pair> here).
struct PendingDecorator {
  bool set = false;
  size_t line = 0;  // first decorator line
  size_t indent = 0;
};

// A top-level class whose direct members are sections.
struct OpenClass {
  std::string name;
  size_t indent = 0;
  std::optional<size_t> member_indent;  // indentation of the first line of its body
};

// Outside a section, the statement `head` at line ln (indented `width`): a top-level def opens a section, a
// class's direct member def or class one named "Class.member" (both from their first decorator), a
// top-level class opens a class; a decorator is remembered for the def below it.
void OpenAt(const StmtHead& head, size_t width, size_t ln, std::optional<OpenSection>* section,
            std::optional<OpenClass>* cls, PendingDecorator* decorator) {
  bool opens = head.kind == Stmt::kDef || head.kind == Stmt::kClass;
  size_t begin = decorator->set && decorator->indent == width ? decorator->line : ln;
  if (*cls) {
    if (!(*cls)->member_indent) (*cls)->member_indent = width;
    if (opens && width == *(*cls)->member_indent) {
      *section = OpenSection{(*cls)->name + "." + std::string(head.name), width, begin, ln + 1};
    }
  } else if (head.kind == Stmt::kDef) {
    *section = OpenSection{std::string(head.name), width, begin, ln + 1};
  } else if (head.kind == Stmt::kClass) {
    *cls = OpenClass{std::string(head.name), width, std::nullopt};
  }
  if (head.kind != Stmt::kDecorator) {
    decorator->set = false;
  } else if (!decorator->set || decorator->indent != width) {
    *decorator = PendingDecorator{true, ln, width};
  }
}

}  // namespace

Scope SplitPython(const LineIndex& lines) {
  ScopeBuilder out;
  LineLexer lexer;
  std::optional<OpenSection> section;
  std::optional<OpenClass> cls;
  PendingDecorator decorator;
  std::string error;

  auto close_section = [&] {
    out.Add(std::move(section->key), section->begin, section->end);
    section.reset();
  };

  for (size_t ln = 0; ln < lines.size(); ++ln) {
    std::string_view s = StripCr(lines[ln]);
    if (lexer.Continues()) {
      // Continuation of a logical line: belongs to whatever that line belongs to.
      if (!lexer.Lex(s, 0, ln, &error)) break;
      if (section && !IsBlankLine(s)) section->end = ln + 1;
      continue;
    }
    Indent ind = MeasureIndent(s);
    if (ind.pos == s.size()) continue;  // blank lines never extend a section
    if (s[ind.pos] == '#') {
      // Comments do not dedent; one indented deeper than the header is part of the body.
      if (section && ind.width > section->indent) section->end = ln + 1;
      continue;
    }

    StmtHead head = Classify(s.substr(ind.pos));
    std::string joined;  // holds the name when the header goes on after a backslash
    if (head.kind == Stmt::kOther && s.back() == '\\') {
      joined = JoinBackslashLines(lines, ln, ind.pos);
      head = Classify(joined);
    }
    if (section && ind.width <= section->indent) close_section();
    if (cls && ind.width <= cls->indent) cls.reset();
    if (!section) OpenAt(head, ind.width, ln, &section, &cls, &decorator);
    if (section) section->end = ln + 1;
    if (!lexer.Lex(s, ind.pos, ln, &error)) break;
  }

  if (error.empty()) error = lexer.EndError();
  if (!error.empty()) {
    out.Fail(error);
  } else if (section) {
    close_section();
  }
  return out.Finish();
}

}  // namespace irtrace
