// A no-op implementation of the recording API (irtrace/session.h, irtrace/mode.h): what a compiler costs
// with the calls in place but nothing behind them. tests/install/footprint.sh links the example against it
// and against the installed library; the difference is what the library adds to a consumer.
#include <irtrace/session.h>

namespace irtrace {

bool ParseMode(std::string_view, Mode*) { return false; }
Settings CurrentSettings() { return Settings{}; }
void Enable(Mode, const std::string&) {}
void UseEnvironment() {}

Session::Session(std::string_view) {}
Session::~Session() {}
void Session::Frontend(std::string_view, std::string_view) {}
void Session::After(std::string_view, std::string_view, std::string_view) {}
PhaseScope Session::Phase(std::string_view) { return PhaseScope(nullptr); }
void Session::End() {}
std::string Session::run_dir() const { return ""; }
std::string Session::report_path() const { return ""; }
void Session::RecordFrontend(std::string, std::string_view) noexcept {}
void Session::RecordAfter(std::string_view, std::string, std::string_view) noexcept {}
void Session::BeginPass(std::string_view) noexcept {}
void Session::EndPass(std::string) noexcept {}
void Session::FailPass(std::exception_ptr) noexcept {}
void Session::PopPhase() noexcept {}
std::string Session::RecordCodegen(SourceRole, std::string_view, std::string text) noexcept { return text; }

}  // namespace irtrace
