// ir-trace: converts a numbered pass dump into one self-contained HTML report.
#include <cstdio>
#include <iostream>

#include "cli.h"

int main(int argc, char** argv) { return irtrace::cli::Main(argc, argv, std::cout, stderr); }
