#include "util/deflate_sink.h"

#include <zlib.h>

#include "util/error.h"
#include "util/serial_worker.h"

namespace irtrace {
namespace {

const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// Encodes whole 3-byte groups of `in` (and, when `last`, the 1-2 byte tail with padding) into `out`.
// Returns how many input bytes were consumed.
size_t EncodeGroups(std::string_view in, bool last, std::string* out) {
  size_t i = 0;
  for (; i + 3 <= in.size(); i += 3) {
    unsigned v = (static_cast<unsigned char>(in[i]) << 16) | (static_cast<unsigned char>(in[i + 1]) << 8) |
                 static_cast<unsigned char>(in[i + 2]);
    out->push_back(kAlphabet[v >> 18]);
    out->push_back(kAlphabet[(v >> 12) & 63]);
    out->push_back(kAlphabet[(v >> 6) & 63]);
    out->push_back(kAlphabet[v & 63]);
  }
  if (last && i < in.size()) {
    unsigned v = static_cast<unsigned char>(in[i]) << 16;
    if (i + 1 < in.size()) v |= static_cast<unsigned char>(in[i + 1]) << 8;
    out->push_back(kAlphabet[v >> 18]);
    out->push_back(kAlphabet[(v >> 12) & 63]);
    out->push_back(i + 1 < in.size() ? kAlphabet[(v >> 6) & 63] : '=');
    out->push_back('=');
    i = in.size();
  }
  return i;
}

}  // namespace

struct DeflateBase64Sink::State {
  z_stream z{};
  std::unique_ptr<SerialWorker<std::string>> worker;  // deflates the chunks written, from the first one on
};

namespace {
constexpr size_t kMaxQueued = 32;  // chunks (the JSON writer's, 64 KiB each) the writer may run ahead
}  // namespace

std::string Base64(std::string_view bytes) {
  std::string out;
  EncodeGroups(bytes, true, &out);
  return out;
}

DeflateBase64Sink::DeflateBase64Sink(OutputSink* out) : state_(std::make_unique<State>()), out_(out) {
  if (deflateInit(&state_->z, 6) != Z_OK) throw Error("internal error: zlib deflateInit failed");
}

DeflateBase64Sink::~DeflateBase64Sink() {
  state_->worker.reset();  // stops the thread before the stream goes
  deflateEnd(&state_->z);
}

void DeflateBase64Sink::Write(std::string_view bytes) {
  if (bytes.empty()) return;
  if (!state_->worker) {
    state_->worker = std::make_unique<SerialWorker<std::string>>(
        kMaxQueued, [this](std::string& chunk) { Deflate(chunk, Z_NO_FLUSH); });
  }
  state_->worker->Push(std::string(bytes));
}

void DeflateBase64Sink::Finish() {
  if (state_->worker) state_->worker->Drain();
  Deflate({}, Z_FINISH);
}

void DeflateBase64Sink::Deflate(std::string_view bytes, int flush) {
  z_stream& z = state_->z;
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  unsigned char buf[1 << 16];
  int rc;
  do {
    z.next_out = buf;
    z.avail_out = sizeof buf;
    rc = deflate(&z, flush);
    if (rc == Z_STREAM_ERROR) throw Error("internal error: zlib deflate failed");
    size_t produced = sizeof buf - z.avail_out;
    if (produced) EmitBase64(std::string_view(reinterpret_cast<char*>(buf), produced), false);
  } while (z.avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END));
  if (flush == Z_FINISH) EmitBase64({}, true);
}

void DeflateBase64Sink::EmitBase64(std::string_view bytes, bool last) {
  pending_.append(bytes);
  std::string encoded;
  size_t used = EncodeGroups(pending_, last, &encoded);
  pending_.erase(0, used);
  out_->Write(encoded);
}

}  // namespace irtrace

namespace irtrace {

std::string DeflateToBase64(std::string_view bytes) {
  uLongf size = compressBound(static_cast<uLong>(bytes.size()));
  std::string packed(size, '\0');
  int rc = compress2(reinterpret_cast<Bytef*>(packed.data()), &size, reinterpret_cast<const Bytef*>(bytes.data()),
                     static_cast<uLong>(bytes.size()), 6);
  if (rc != Z_OK) throw Error("zlib compress2 failed (" + std::to_string(rc) + ")");
  packed.resize(size);
  return Base64(packed);
}

uint32_t Crc32(std::string_view bytes) {
  uLong crc = crc32(0L, Z_NULL, 0);
  return static_cast<uint32_t>(
      crc32(crc, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
}

}  // namespace irtrace
