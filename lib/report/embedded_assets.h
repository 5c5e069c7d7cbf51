// The viewer files from assets/, compiled in by cmake/embed.cmake (generated embedded_assets.cpp).
#pragma once

#include <string_view>

namespace irtrace::assets {

extern const unsigned char kReportHtml[];
extern const unsigned long kReportHtml_size;
extern const unsigned char kViewerCss[];
extern const unsigned long kViewerCss_size;
extern const unsigned char kViewerJs[];  // assets/js/*.js concatenated in file-name order
extern const unsigned long kViewerJs_size;
extern const unsigned char kIndexHtml[];  // assets/index/: the batch index page (report/batch_index.h)
extern const unsigned long kIndexHtml_size;
extern const unsigned char kIndexCss[];
extern const unsigned long kIndexCss_size;
extern const unsigned char kIndexJs[];
extern const unsigned long kIndexJs_size;

inline std::string_view View(const unsigned char* data, unsigned long size) {
  return std::string_view(reinterpret_cast<const char*>(data), size);
}

}  // namespace irtrace::assets
