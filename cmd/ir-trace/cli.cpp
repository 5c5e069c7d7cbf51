#include "cli.h"

#include <string>

#include "commands.h"

namespace irtrace::cli {

int Main(int argc, const char* const* argv, std::ostream& out, std::FILE* err) {
  // A first argument "index" or "compare" is a subcommand; a dump of that name is spelled ./index.
  std::string first = argc > 1 ? argv[1] : "";
  if (first == "index") return IndexMain(argc, argv, out, err);
  if (first == "compare") return CompareMain(argc, argv, out, err);
  return ConvertMain(argc, argv, out, err);
}

}  // namespace irtrace::cli
