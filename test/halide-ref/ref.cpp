// The cross-check of the .hl frontend against Halide 14 itself: every
// example of examples/halide written with Halide's C++ API, JIT-compiled
// for x86-64 with SSE4.1 (never the host's advertised features) with
// Target::StrictFloat (no fused or reassociated float
// arithmetic), run on the same .npy inputs strata-run reads, its output
// written as .npy (run_ref.py compares them).
//
//   strata-halide-ref APP SCHEDULE W,H[,C] OUT.npy IN0.npy [IN1.npy ...]
//
// SCHEDULE is "inline" (Halide's defaults) or "root" (every stage
// compute_root), so that Halide's own result does not rest on one schedule.
#include "Halide.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace Halide;

namespace {

struct Npy {
	std::string descr;
	std::vector<int> shape; // numpy order
	std::vector<char> data;
};

bool read_npy(const char *path, Npy &n) {
	std::ifstream f(path, std::ios::binary);
	std::string all((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
	if (all.size() < 10 || all.compare(0, 6, "\x93NUMPY") != 0)
		return false;
	size_t hlen = (unsigned char)all[8] | ((unsigned char)all[9] << 8), start = 10;
	std::string h = all.substr(start, hlen);
	size_t d = h.find("'descr': '");
	size_t s = h.find("'shape': (");
	if (d == std::string::npos || s == std::string::npos)
		return false;
	n.descr = h.substr(d + 10, 3);
	std::string sh = h.substr(s + 10, h.find(')', s) - s - 10);
	std::stringstream ss(sh);
	std::string tok;
	while (std::getline(ss, tok, ','))
		if (tok.find_first_of("0123456789") != std::string::npos)
			n.shape.push_back(std::atoi(tok.c_str()));
	n.data.assign(all.begin() + start + hlen, all.end());
	return true;
}

Type type_of(const std::string &descr) {
	int bytes = descr[2] - '0';
	if (descr[1] == 'f')
		return Float(32);
	return descr[1] == 'i' ? Int(8 * bytes) : UInt(8 * bytes);
}

Buffer<> to_buffer(const Npy &n) {
	std::vector<int> sizes(n.shape.rbegin(), n.shape.rend());
	Buffer<> b(type_of(n.descr), sizes);
	std::memcpy(b.data(), n.data.data(), b.size_in_bytes());
	return b;
}

bool write_npy(const char *path, const Buffer<> &b) {
	std::string descr = b.type().is_float() ? "<f4"
	                    : std::string(b.type().bits() == 8 ? "|" : "<") + (b.type().is_int() ? "i" : "u") +
	                          std::to_string(b.type().bytes());
	std::string shape;
	for (int d = b.dimensions() - 1; d >= 0; d--)
		shape += std::to_string(b.dim(d).extent()) + (b.dimensions() == 1 ? "," : d ? ", " : "");
	std::string h = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (" + shape + "), }";
	size_t pad = (64 - (10 + h.size() + 1) % 64) % 64;
	h += std::string(pad, ' ') + "\n";
	std::ofstream f(path, std::ios::binary);
	f.write("\x93NUMPY\x01\x00", 8);
	char len[2] = {(char)(h.size() & 0xff), (char)(h.size() >> 8)};
	f.write(len, 2);
	f.write(h.data(), h.size());
	f.write((const char *)b.data(), b.size_in_bytes());
	return bool(f);
}

Expr u8(Expr e) { return cast<uint8_t>(e); }
Expr u16(Expr e) { return cast<uint16_t>(e); }
Expr i16(Expr e) { return cast<int16_t>(e); }
Expr i32(Expr e) { return cast<int32_t>(e); }
Expr f32(Expr e) { return cast<float>(e); }

Buffer<uint16_t> table3x3(const int v[3][3]) {
	Buffer<uint16_t> k(3, 3);
	for (int j = 0; j < 3; j++)
		for (int i = 0; i < 3; i++)
			k(i, j) = (uint16_t)v[j][i];
	return k;
}

struct App {
	Func out;
	std::vector<Func> stages; // scheduled by "root"
};

Var x("x"), y("y"), c("c"), v("v"), i("i"), j("j");

App gaussian(std::vector<Buffer<>> &in) {
	static const int kv[3][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}};
	Buffer<uint16_t> k = table3x3(kv);
	Buffer<uint8_t> input = in[0];
	RDom r(0, 3, 0, 3);
	Func blur, output;
	blur(x, y) = u16(0);
	blur(x, y) += k(r.x, r.y) * u16(input(x + r.x, y + r.y));
	output(x, y) = u8(blur(x, y) / 16);
	return {output, {blur}};
}

App cascade(std::vector<Buffer<>> &in) {
	Buffer<uint8_t> input = in[0];
	RDom r(0, 3, 0, 3);
	Func conv1, conv1_norm, conv2, output;
	conv1(x, y) = u16(0);
	conv1(x, y) += u16(input(x + r.x, y + r.y));
	conv1_norm(x, y) = conv1(x, y) / 9;
	conv2(x, y) = u16(0);
	conv2(x, y) += conv1_norm(x + r.x, y + r.y);
	output(x, y) = u8(conv2(x, y) / 9);
	return {output, {conv1, conv1_norm, conv2}};
}

App unsharp(std::vector<Buffer<>> &in) {
	Buffer<float> input = in[0];
	Func gray, blur_y, blur_x, sharpen, ratio, output;
	gray(x, y) = 0.299f * input(0, x, y) + 0.587f * input(1, x, y) + 0.114f * input(2, x, y);
	blur_y(x, y) = (gray(x, y) + gray(x, y + 1) + gray(x, y + 2)) / 3.0f;
	blur_x(x, y) = (blur_y(x, y) + blur_y(x + 1, y) + blur_y(x + 2, y)) / 3.0f;
	sharpen(x, y) = 2.0f * gray(x + 1, y + 1) - blur_x(x, y);
	ratio(x, y) = sharpen(x, y) / max(gray(x + 1, y + 1), 0.01f);
	output(c, x, y) = ratio(x, y) * input(c, x + 1, y + 1);
	return {output, {gray, blur_y, blur_x, sharpen, ratio}};
}

App harris(std::vector<Buffer<>> &in) {
	Buffer<uint8_t> input = in[0];
	RDom box(0, 3, 0, 3);
	Func gray, grad_x, grad_y, lxx, lyy, lxy, lgxx, lgyy, lgxy, cim, output;
	gray(x, y) = i32(input(x, y));
	grad_x(x, y) = (gray(x + 2, y) - gray(x, y)) * 2 + gray(x + 2, y + 1) - gray(x, y + 1) + gray(x + 2, y + 2) -
	               gray(x, y + 2);
	grad_y(x, y) = (gray(x, y + 2) - gray(x, y)) * 2 + gray(x + 1, y + 2) - gray(x + 1, y) + gray(x + 2, y + 2) -
	               gray(x + 2, y);
	lxx(x, y) = grad_x(x, y) * grad_x(x, y) / 1024;
	lyy(x, y) = grad_y(x, y) * grad_y(x, y) / 1024;
	lxy(x, y) = grad_x(x, y) * grad_y(x, y) / 1024;
	lgxx(x, y) += lxx(x + box.x, y + box.y);
	lgyy(x, y) += lyy(x + box.x, y + box.y);
	lgxy(x, y) += lxy(x + box.x, y + box.y);
	cim(x, y) = (lgxx(x, y) * lgyy(x, y) - lgxy(x, y) * lgxy(x, y)) / 256 -
	            (lgxx(x, y) + lgyy(x, y)) * (lgxx(x, y) + lgyy(x, y)) / 4096;
	Expr m = cim(x + 1, y + 1);
	output(x, y) = select(m > 100 && m >= max(max(cim(x, y), cim(x + 1, y)), max(cim(x + 2, y), cim(x, y + 1))) &&
	                          m > max(max(cim(x + 2, y + 1), cim(x, y + 2)), max(cim(x + 1, y + 2), cim(x + 2, y + 2))),
	                      u8(255), u8(0));
	return {output, {grad_x, grad_y, lxx, lyy, lxy, lgxx, lgyy, lgxy, cim}};
}

App upsample(std::vector<Buffer<>> &in) {
	Buffer<uint8_t> input = in[0];
	Func wide, output;
	wide(x, y) = u16(input(x, y));
	output(x, y) = u8((wide(x / 2, y / 2) * 9 + wide(x / 2 + x % 2, y / 2) * 3 + wide(x / 2, y / 2 + y % 2) * 3 +
	                   wide(x / 2 + x % 2, y / 2 + y % 2) + 8) /
	                  16);
	return {output, {wide}};
}

App pyramid(std::vector<Buffer<>> &in) {
	Buffer<uint8_t> input = in[0];
	Func l[4], output;
	l[0](x, y) = u16(input(x, y));
	for (int k = 1; k < 4; k++)
		l[k](x, y) = (l[k - 1](2 * x, 2 * y) + l[k - 1](2 * x + 1, 2 * y) + l[k - 1](2 * x, 2 * y + 1) +
		              l[k - 1](2 * x + 1, 2 * y + 1)) /
		             4;
	output(x, y) = u8(l[3](x, y));
	return {output, {l[1], l[2], l[3]}};
}

App histogram(std::vector<Buffer<>> &in) {
	Buffer<uint8_t> input = in[0];
	RDom r(0, 64, 0, 64), b(1, 255);
	Func hist, cdf;
	hist(x) = 0;
	hist(input(r.x, r.y)) += 1;
	cdf(x) = hist(x);
	cdf(b) = cdf(b - 1) + hist(b);
	hist.compute_root();
	return {cdf, {}};
}

App gemm(std::vector<Buffer<>> &in) {
	Buffer<int16_t> A = in[0], B = in[1];
	RDom k(0, 32);
	Func prod, C;
	prod(j, i) = 0;
	prod(j, i) += i32(A(k, i)) * i32(B(j, k));
	C(j, i) = prod(j, i);
	return {C, {prod}};
}

App conv_layer(std::vector<Buffer<>> &in) {
	Buffer<int8_t> input = in[0], weights = in[1];
	RDom r(0, 3, 0, 3, 0, 4);
	Func conv, output;
	conv(c, x, y) = 0;
	conv(c, x, y) += i32(weights(r.z, r.x, r.y, c)) * i32(input(r.z, x + r.x, y + r.y));
	output(c, x, y) = max(conv(c, x, y), 0);
	return {output, {conv}};
}

App depthwise(std::vector<Buffer<>> &in) {
	Buffer<int16_t> input = in[0], weights = in[1];
	RDom r(0, 3, 0, 3);
	Func dw, output;
	dw(c, x, y) = 0;
	dw(c, x, y) += i32(weights(c, r.x, r.y)) * i32(input(c, x + r.x, y + r.y));
	output(c, x, y) = dw(c, x, y) >> 4;
	return {output, {dw}};
}

App maxpool(std::vector<Buffer<>> &in) {
	Buffer<int16_t> input = in[0];
	RDom r(0, 2, 0, 2);
	Func pool, output;
	pool(c, x, y) = i16(-32768);
	pool(c, x, y) = max(pool(c, x, y), input(c, 2 * x + r.x, 2 * y + r.y));
	output(c, x, y) = pool(c, x, y);
	return {output, {pool}};
}

App camera(std::vector<Buffer<>> &in) {
	Buffer<uint16_t> raw = in[0];
	Buffer<int32_t> ccm(3, 3);
	const int m[3][3] = {{400, -100, -44}, {-60, 380, -64}, {-20, -120, 396}};
	for (int r = 0; r < 3; r++)
		for (int q = 0; q < 3; q++)
			ccm(q, r) = m[r][q];
	Func in10, cross, diag, hsum, vsum, red, green, blue, rgb, corrected, curve, output;
	in10(x, y) = i32(raw(x, y) & 1023);
	hsum(x, y) = (in10(x, y + 1) + in10(x + 2, y + 1)) / 2;
	vsum(x, y) = (in10(x + 1, y) + in10(x + 1, y + 2)) / 2;
	cross(x, y) = (in10(x, y + 1) + in10(x + 2, y + 1) + in10(x + 1, y) + in10(x + 1, y + 2)) / 4;
	diag(x, y) = (in10(x, y) + in10(x + 2, y) + in10(x, y + 2) + in10(x + 2, y + 2)) / 4;
	Expr px = (x + 1) % 2, py = (y + 1) % 2;
	red(x, y) = select(px == 0 && py == 0, in10(x + 1, y + 1),
	                   select(py == 0, hsum(x, y), select(px == 0, vsum(x, y), diag(x, y))));
	green(x, y) = select((x + y) % 2 == 0, cross(x, y), in10(x + 1, y + 1));
	blue(x, y) = select(px == 1 && py == 1, in10(x + 1, y + 1),
	                    select(py == 1, hsum(x, y), select(px == 1, vsum(x, y), diag(x, y))));
	rgb(c, x, y) = select(c == 0, red(x, y), select(c == 1, green(x, y), blue(x, y)));
	corrected(c, x, y) =
		clamp((ccm(0, c) * rgb(0, x, y) + ccm(1, c) * rgb(1, x, y) + ccm(2, c) * rgb(2, x, y)) / 256, 0, 1023);
	curve(v) = u8(min(sqrt(f32(v) * 64.0f), 255.0f));
	output(c, x, y) = curve(corrected(c, x, y));
	curve.bound(v, 0, 1024).compute_root();
	return {output, {rgb, corrected}};
}

// f32 arithmetic and one transcendental each (bit-exact: exp, log and pow
// are Halide's own polynomials, which the lowering reproduces).
App farith(std::vector<Buffer<>> &in) {
	Buffer<float> input = in[0];
	Func output;
	output(x, y) = (input(x, y) * 1.5f - input(x + 1, y)) / (abs(input(x, y + 1)) + 0.25f) + sqrt(abs(input(x, y))) +
	               floor(input(x, y) * 3.0f) - round(input(x, y) * 2.5f);
	return {output, {}};
}

App fexp(std::vector<Buffer<>> &in) {
	Buffer<float> input = in[0];
	Func output;
	output(x, y) = exp(input(x, y) * 2.5f);
	return {output, {}};
}

App flog(std::vector<Buffer<>> &in) {
	Buffer<float> input = in[0];
	Func output;
	output(x, y) = log(abs(input(x, y)) + 0.001f);
	return {output, {}};
}

App fpow(std::vector<Buffer<>> &in) {
	Buffer<float> input = in[0];
	Func output;
	output(x, y) = pow(abs(input(x, y)) + 0.5f, input(x + 1, y) * 0.25f);
	return {output, {}};
}

// pow in each of Halide's cases (bit-exact): integer constant exponents,
// multiplied out, on f32 and on integers; constant and variable float
// exponents, through pow_f32.
App fpowi(std::vector<Buffer<>> &in) {
	Buffer<float> input = in[0];
	Func output;
	output(x, y) = pow(input(x, y), 3) + pow(input(x + 1, y), 2) * pow(input(x, y + 1) + 0.1f, -3) -
	               pow(input(x, y), 5) / pow(input(x + 1, y + 1), 0) + pow(input(x + 1, y) + 0.1f, -1) +
	               pow(input(x, y + 1), 1) * pow(input(x, y) * 0.5f, 7);
	return {output, {}};
}

App ipow(std::vector<Buffer<>> &in) {
	Buffer<uint8_t> input = in[0];
	Func output;
	output(x, y) = pow(i32(input(x, y)) - 128, 3) + pow(i32(input(x + 1, y)), 2) * 3 +
	               pow(i32(input(x, y + 1)) - 100, -1) * 1000 + i32(pow(u16(input(x, y)), 3) / 16) +
	               i32(pow(input(x + 1, y + 1), 0));
	return {output, {}};
}

App fpowc(std::vector<Buffer<>> &in) {
	Buffer<float> input = in[0];
	Func output;
	output(x, y) = pow(abs(input(x, y)) + 0.25f, 0.5f) + pow(input(x + 1, y), 3.0f) -
	               pow(abs(input(x, y + 1)), -1.5f) + pow(input(x, y) + 0.1f, 2.0f) +
	               pow(abs(input(x + 1, y + 1)) * 4.0f, 2.5f);
	return {output, {}};
}

App fpowv(std::vector<Buffer<>> &in) {
	Buffer<float> input = in[0];
	Func output;
	output(x, y) = select(x % 3 == 0, pow(input(x, y), input(x + 1, y)),
	                      pow(input(x, y), floor(input(x, y + 1) * 10.25f)));
	return {output, {}};
}

// RoundUp tails (test/Halide/schedule-roundup.hl): k and h computed on
// rounded-up regions, the output's tail (which Halide's realize computes
// into a larger buffer).
App roundup(std::vector<Buffer<>> &in) {
	Buffer<uint8_t> input = in[0];
	RDom r(0, 3);
	Var xo("xo"), xi("xi"), yo("yo"), yi("yi");
	Func k, h, output;
	k(x, y) = u16(input(x, y)) * 3;
	h(x, y) = u16(0);
	h(x, y) += k(x + r.x, y);
	output(x, y) = u8((h(x, y) + k(x + 1, y + 1)) / 8);
	k.compute_root().split(x, xo, xi, 16, TailStrategy::RoundUp);
	h.compute_root().update().split(y, yo, yi, 4, TailStrategy::RoundUp);
	output.split(y, yo, yi, 8, TailStrategy::RoundUp);
	return {output, {}};
}

} // namespace

int main(int argc, char **argv) {
	if (argc < 6) {
		std::fprintf(stderr, "usage: strata-halide-ref APP SCHEDULE W,H[,C] OUT.npy IN0.npy [IN1.npy ...]\n");
		return 2;
	}
	std::string app = argv[1], sched = argv[2];
	std::vector<int> sizes;
	std::stringstream ss(argv[3]);
	std::string tok;
	while (std::getline(ss, tok, ','))
		sizes.push_back(std::atoi(tok.c_str()));
	std::vector<Buffer<>> in;
	for (int k = 5; k < argc; k++) {
		Npy n;
		if (!read_npy(argv[k], n)) {
			std::fprintf(stderr, "strata-halide-ref: cannot read '%s'\n", argv[k]);
			return 1;
		}
		in.push_back(to_buffer(n));
	}
	App a;
	if (app == "gaussian")
		a = gaussian(in);
	else if (app == "cascade")
		a = cascade(in);
	else if (app == "unsharp")
		a = unsharp(in);
	else if (app == "harris")
		a = harris(in);
	else if (app == "upsample")
		a = upsample(in);
	else if (app == "pyramid")
		a = pyramid(in);
	else if (app == "histogram")
		a = histogram(in);
	else if (app == "gemm")
		a = gemm(in);
	else if (app == "conv_layer")
		a = conv_layer(in);
	else if (app == "depthwise")
		a = depthwise(in);
	else if (app == "maxpool")
		a = maxpool(in);
	else if (app == "camera")
		a = camera(in);
	else if (app == "farith")
		a = farith(in);
	else if (app == "fexp")
		a = fexp(in);
	else if (app == "flog")
		a = flog(in);
	else if (app == "fpow")
		a = fpow(in);
	else if (app == "fpowi")
		a = fpowi(in);
	else if (app == "ipow")
		a = ipow(in);
	else if (app == "fpowc")
		a = fpowc(in);
	else if (app == "fpowv")
		a = fpowv(in);
	else if (app == "roundup")
		a = roundup(in);
	else {
		std::fprintf(stderr, "strata-halide-ref: unknown app '%s'\n", app.c_str());
		return 2;
	}
	if (sched == "root")
		for (Func &f : a.stages)
			f.compute_root();
	// A fixed baseline, not get_host_target(): on a virtual machine whose
	// CPU flags promise more than it executes, code generated for the host's
	// advertised features died with SIGILL (issue 30).  x86-64 with SSE4.1
	// runs on every x86-64 machine the suite meets, and StrictFloat keeps
	// the float results bit-exact whatever instructions are chosen.
	Target t = Target("x86-64-linux-sse41").with_feature(Target::StrictFloat);
	Buffer<> out = a.out.realize(sizes, t);
	return write_npy(argv[4], out) ? 0 : 1;
}
