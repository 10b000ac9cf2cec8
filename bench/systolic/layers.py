"""The layers of bench/systolic (docs/systolic.md, "Benchmarks"), as codelet
layer ops in MLIR text: Covenant's 17 layers (Kinzer Table 3.2) and every
convolution and fully-connected layer of ResNet-18 and ResNet-50 (batch 1,
the shapes of the published networks).  int8 inputs and weights, int32
outputs, NHWC activations, RSCK weights.

`scale` divides every spatial extent and channel count (at least 1 is
kept): the CI tests run the same layers reduced.
"""


def _s(v, scale):
    return max(1, v // scale)


def gemm(name, m, k, n, heads=1, scale=1):
    """heads independent GEMMs of m x k by k x n (BERT's attention heads
    read one activation matrix with their own weights)."""
    m, k, n = _s(m, scale), _s(k, scale), _s(n, scale)
    args = ["%%A: memref<%dx%dxi8>" % (m, k)]
    body = []
    for h in range(heads):
        args.append("%%B%d: memref<%dx%dxi8>" % (h, k, n))
        args.append("%%C%d: memref<%dx%dxi32>" % (h, m, n))
        body.append("  codelet.gemm %%A, %%B%d, %%C%d : memref<%dx%dxi8>, memref<%dx%dxi8>, memref<%dx%dxi32>"
                    % (h, h, m, k, k, n, m, n))
    return name, "func.func @%s(%s) {\n%s\n  return\n}\n" % (name.replace("-", "_"), ", ".join(args), "\n".join(body))


def conv(name, h, c, k, r, stride, pad, p=None, scale=1):
    """A conv2d of an h x h x c input by r x r filters into k channels."""
    h, c, k = _s(h, scale), _s(c, scale), _s(k, scale)
    if scale > 1:
        pad = min(pad, r - 1)
    if p is None:
        p = (h + 2 * pad - r) // stride + 1
    else:
        p = _s(p, scale)
    p = max(1, p)
    attrs = []
    if stride != 1:
        attrs.append("strides = array<i64: %d, %d>" % (stride, stride))
    if pad:
        attrs.append("pads = array<i64: %d, %d>" % (pad, pad))
    a = " {%s}" % ", ".join(attrs) if attrs else ""
    text = ("func.func @%s(%%I: memref<1x%dx%dx%dxi8>, %%W: memref<%dx%dx%dx%dxi8>, %%O: memref<1x%dx%dx%dxi32>) {\n"
            "  codelet.conv2d %%I, %%W, %%O%s : memref<1x%dx%dx%dxi8>, memref<%dx%dx%dx%dxi8>, memref<1x%dx%dx%dxi32>\n"
            "  return\n}\n") % (name.replace("-", "_"), h, h, c, r, r, c, k, p, p, k, a, h, h, c, r, r, c, k, p, p, k)
    return name, text


def covenant(scale=1):
    """Kinzer Table 3.2.  ResNet50 CONV2 is printed with IH = 224 and
    OH = 56 for a 3x3 filter; the layer is ResNet-50's conv2_x 3x3
    convolution, 56x56 in and out (padding 1)."""
    return [
        gemm("bert-gemm1", 384, 1024, 4096, scale=scale),
        gemm("bert-gemm2", 384, 4096, 1024, scale=scale),
        gemm("bert-atn1", 384, 1024, 64, heads=16, scale=scale),
        gemm("bert-atn2", 384, 64, 384, heads=16, scale=scale),
        gemm("bert-atn3", 384, 384, 64, heads=16, scale=scale),
        gemm("bert-atn4", 384, 1024, 1024, scale=scale),
        gemm("dlrm-fc1", 1, 745, 367, scale=scale),
        gemm("dlrm-fc2", 1, 367, 512, scale=scale),
        gemm("dlrm-fc3", 1, 512, 256, scale=scale),
        gemm("dlrm-fc4", 1, 256, 1, scale=scale),
        gemm("inception-fc1", 1, 2048, 1000, scale=scale),
        conv("inception-conv1", 299, 3, 32, 3, 2, 0, scale=scale),
        conv("mobilenet-conv1", 224, 3, 16, 3, 2, 1, scale=scale),
        conv("mobilenet-conv2", 112, 16, 64, 3, 1, 1, scale=scale),
        gemm("resnet50-fc1", 1, 512, 1000, scale=scale),
        conv("resnet50-conv1", 224, 3, 64, 7, 2, 3, scale=scale),
        conv("resnet50-conv2", 56, 64, 64, 3, 1, 1, scale=scale),
    ]


def resnet18(scale=1):
    """conv1, the 3x3 convolutions of the four stages, the 1x1 downsampling
    shortcuts, the classifier (torchvision's resnet18)."""
    layers = [conv("r18-conv1", 224, 3, 64, 7, 2, 3, scale=scale)]
    h, c = 56, 64
    for stage, k in enumerate([64, 128, 256, 512]):
        for block in range(2):
            s = 2 if stage > 0 and block == 0 else 1
            layers.append(conv("r18-l%d-b%d-conv1" % (stage + 1, block), h, c, k, 3, s, 1, scale=scale))
            if s == 2:
                layers.append(conv("r18-l%d-b%d-down" % (stage + 1, block), h, c, k, 1, 2, 0, scale=scale))
                h //= 2
            layers.append(conv("r18-l%d-b%d-conv2" % (stage + 1, block), h, k, k, 3, 1, 1, scale=scale))
            c = k
    layers.append(gemm("r18-fc", 1, 512, 1000, scale=scale))
    return layers


def resnet50(scale=1):
    """conv1, every bottleneck's 1x1, 3x3 (stride 2 in the first block of
    stages 2-4, as torchvision's resnet50) and 1x1 convolutions, the 1x1
    downsampling shortcuts, the classifier."""
    layers = [conv("r50-conv1", 224, 3, 64, 7, 2, 3, scale=scale)]
    h, c = 56, 64
    for stage, (blocks, mid) in enumerate([(3, 64), (4, 128), (6, 256), (3, 512)]):
        out = 4 * mid
        for block in range(blocks):
            s = 2 if stage > 0 and block == 0 else 1
            tag = "r50-l%d-b%d" % (stage + 1, block)
            layers.append(conv(tag + "-conv1", h, c, mid, 1, 1, 0, scale=scale))
            layers.append(conv(tag + "-conv2", h, mid, mid, 3, s, 1, scale=scale))
            if block == 0:
                layers.append(conv(tag + "-down", h, c, out, 1, s, 0, scale=scale))
            h2 = h // s
            layers.append(conv(tag + "-conv3", h2, mid, out, 1, 1, 0, scale=scale))
            h, c = h2, out
    layers.append(gemm("r50-fc", 1, 2048, 1000, scale=scale))
    return layers
