// Where a writer sends its bytes (a file being written atomically, or a string in tests).
#pragma once

#include <string>
#include <string_view>

namespace irtrace {

class OutputSink {
 public:
  virtual ~OutputSink() = default;
  // Appends `bytes`. Throws Error on an I/O failure.
  virtual void Write(std::string_view bytes) = 0;
};

// Collects everything in memory; for tests and small outputs.
class StringSink : public OutputSink {
 public:
  void Write(std::string_view bytes) override { text.append(bytes); }
  std::string text;
};

}  // namespace irtrace
