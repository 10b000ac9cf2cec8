// Dense elements attributes: splats, nested lists in the shape of the type,
// hex strings; integers, floats, complex and i1.  Every print here is
// mlir-opt-14's too, except for "u.bool_large" (see there).
// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: bash %S/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect

// One value for all elements is a splat, however it was written.
// CHECK-LABEL: "u.splats"
// CHECK-SAME: a = dense<1> : tensor<4xi32>, b = dense<1> : tensor<3xi32>, c = dense<5> : tensor<i64>, d = dense<2.500000e+00> : vector<2x2xf32>, e = dense<true> : tensor<8xi1>, f = dense<(1.000000e+00,2.000000e+00)> : tensor<2xcomplex<f32>>, g = dense<1.000000e-01> : tensor<2xf32>}
"u.splats"() {a = dense<1> : tensor<4xi32>, b = dense<[1, 1, 1]> : tensor<3xi32>, c = dense<5> : tensor<i64>, d = dense<[[2.5, 2.5], [2.5, 2.5]]> : vector<2x2xf32>, e = dense<true> : tensor<8xi1>, f = dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>, g = dense<[0.1, 0.100000001]> : tensor<2xf32>} : () -> ()

// Shapes: nested lists, 0-d, zero elements (dense<>, or a splat that keeps
// its value).
// CHECK-LABEL: "u.shapes"
// CHECK-SAME: a = dense<[1, 2, 3]> : tensor<3xi8>
// CHECK-SAME: b = dense<{{\[\[}}1, 2], [3, 4], [5, 6]]> : tensor<3x2xi16>
// CHECK-SAME: c = dense<{{\[\[\[}}1], [2]], {{\[\[}}3], [4]]]> : tensor<2x2x1xi32>
// CHECK-SAME: d = dense<> : tensor<0xi32>
// CHECK-SAME: e = dense<> : tensor<1x0xf32>
// CHECK-SAME: f = dense<1.500000e+00> : tensor<2x0xf16>
// CHECK-SAME: g = dense<{{\[\[}}1, 2]]> : tensor<1x2xindex>
"u.shapes"() {a = dense<[1, 2, 3]> : tensor<3xi8>, b = dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi16>, c = dense<[[[1], [2]], [[3], [4]]]> : tensor<2x2x1xi32>, d = dense<> : tensor<0xi32>, e = dense<[[]]> : tensor<1x0xf32>, f = dense<1.5> : tensor<2x0xf16>, g = dense<[[1, 2]]> : tensor<1x2xindex>} : () -> ()

// Element values read and print like integer and float attributes: 255 is
// -1 in a signless i8, unsigned types print unsigned, i1 as true/false.
// CHECK-LABEL: "u.values"
// CHECK-SAME: a = dense<[-1, -128, 127]> : tensor<3xi8>
// CHECK-SAME: b = dense<[255, 0]> : tensor<2xui8>
// CHECK-SAME: c = dense<[-128, 127]> : tensor<2xsi8>
// CHECK-SAME: d = dense<[true, false, true]> : tensor<3xi1>
// CHECK-SAME: e = dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>
// CHECK-SAME: f = dense<[1.000000e-01, -0.000000e+00, 0x7FC00000, 0xFF800000]> : tensor<4xf32>
// CHECK-SAME: g = dense<[3.1415926535897931, 2.000000e+00]> : tensor<2xf64>
// CHECK-SAME: h = dense<[9.997550e-02, 0x7E00]> : tensor<2xf16>
// CHECK-SAME: i = dense<[1.000980e-01, 0xFF80]> : tensor<2xbf16>
// CHECK-SAME: j = dense<[(1,2), (-3,4)]> : tensor<2xcomplex<i32>>
// CHECK-SAME: k = dense<[(1.000000e+00,-2.000000e+00), (0x7F800000,0.000000e+00)]> : tensor<2xcomplex<f32>>
// CHECK-SAME: l = dense<[-1, 0, 1]> : tensor<3xindex>
"u.values"() {a = dense<[255, -128, 127]> : tensor<3xi8>, b = dense<[255, 0]> : tensor<2xui8>, c = dense<[-128, 127]> : tensor<2xsi8>, d = dense<[true, false, true]> : tensor<3xi1>, e = dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>, f = dense<[0.1, -0.0, 0x7FC00000, 0xFF800000]> : tensor<4xf32>, g = dense<[3.141592653589793, 2.0]> : tensor<2xf64>, h = dense<[0.1, 0x7E00]> : tensor<2xf16>, i = dense<[0.1, 0xFF80]> : tensor<2xbf16>, j = dense<[(1, 2), (-3, 4)]> : tensor<2xcomplex<i32>>, k = dense<[(1.0, -2.0), (0x7F800000, 0.0)]> : tensor<2xcomplex<f32>>, l = dense<[-1, 0, 1]> : tensor<3xindex>} : () -> ()

// A hex string holds the elements' little-endian bytes (whole bytes per
// element); up to 100 elements print as a list.
// CHECK-LABEL: "u.hex_in"
// CHECK-SAME: a = dense<[1, 2, 3, 4]> : tensor<4xi8>, b = dense<[-1, 256]> : tensor<2xi16>, c = dense<[150, 255]> : tensor<2xui8>, d = dense<1.000000e+00> : tensor<2xf32>, e = dense<7> : tensor<3xi32>}
"u.hex_in"() {a = dense<"0x01020304"> : tensor<4xi8>, b = dense<"0xFFFF0001"> : tensor<2xi16>, c = dense<"0x96FF"> : tensor<2xui8>, d = dense<"0x0000803F0000803F"> : tensor<2xf32>, e = dense<"0x07000000"> : tensor<3xi32>} : () -> ()

// More than 100 elements that are not a splat print as a hex string, as
// MLIR does.
// CHECK-LABEL: "u.large"
// CHECK-SAME: a = dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F6061626364"> : tensor<101xi8>
// CHECK-SAME: b = dense<"0x0038003E0041004380448045804680474048C0484049C049404AC04A404BC04B204C604CA04CE04C204D604DA04DE04D204E604EA04EE04E204F604FA04FE04F10503050505070509050B050D050F05010513051505170519051B051D051F05110523052505270529052B052D052F05210533053505370539053B053D053F0530854185428543854485458546854785488549854A854B854C854D854E854F8540855185528553855485558556855785588559855A855B855C855D855E855F85508561856285638564856"> : tensor<101xf16>
// CHECK-SAME: c = dense<3> : tensor<1000xi32>
"u.large"() {a = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100]> : tensor<101xi8>, b = dense<[0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 11.5, 12.5, 13.5, 14.5, 15.5, 16.5, 17.5, 18.5, 19.5, 20.5, 21.5, 22.5, 23.5, 24.5, 25.5, 26.5, 27.5, 28.5, 29.5, 30.5, 31.5, 32.5, 33.5, 34.5, 35.5, 36.5, 37.5, 38.5, 39.5, 40.5, 41.5, 42.5, 43.5, 44.5, 45.5, 46.5, 47.5, 48.5, 49.5, 50.5, 51.5, 52.5, 53.5, 54.5, 55.5, 56.5, 57.5, 58.5, 59.5, 60.5, 61.5, 62.5, 63.5, 64.5, 65.5, 66.5, 67.5, 68.5, 69.5, 70.5, 71.5, 72.5, 73.5, 74.5, 75.5, 76.5, 77.5, 78.5, 79.5, 80.5, 81.5, 82.5, 83.5, 84.5, 85.5, 86.5, 87.5, 88.5, 89.5, 90.5, 91.5, 92.5, 93.5, 94.5, 95.5, 96.5, 97.5, 98.5, 99.5, 100.5]> : tensor<101xf16>, c = dense<3> : tensor<1000xi32>} : () -> ()

// MLIR packs large i1 dense attributes eight elements to a byte in hex,
// which mlir-opt-14 cannot read back; Strata keeps the list.
// CHECK-LABEL: "u.bool_large"
// CHECK-SAME: a = dense<[true, false, true, false,
"u.bool_large"() {a = dense<[true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true]> : tensor<101xi1>} : () -> ()
