#!/usr/bin/env python3
"""Checks qor.json files (version 2) against docs/qor-schema.md.

Usage: check_qor.py FILE...                        check these reports
       check_qor.py --find DIR [--newer-than FILE]  check every qor.json below DIR
                                                   (at least one), or those written
                                                   after FILE changed
Prints `FILE: ok` per good report; for a bad one `FILE: error: <key>: <why>`
for each problem, and exits 1.

The keys every target writes are checked here, with the rules that tie
them together (derived numbers agree with what they are derived from, the
ideal cycles are a lower bound); a class's own object is checked by the
function CLASS_CHECKS names for it (a target class adds one with its
schema, docs/adding-a-target.md).
"""

import json
import math
import os
import sys

KEYS = ['version', 'target', 'class', 'kernel', 'verified', 'cycles', 'ideal_cycles', 'compute_occupancy',
        'utilization', 'max_utilization', 'ops_per_cycle', 'macs_per_cycle', 'ii', 'buffers', 'compile_ms']


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def is_num(v):
    return (is_int(v) or isinstance(v, float)) and not isinstance(v, bool) and math.isfinite(v)


def close(a, b):
    return abs(a - b) <= 1e-5 + 1e-4 * abs(b)


def nullable(ok):
    return lambda v: v is None or ok(v)


def int_at_least(n):
    return lambda v: is_int(v) and v >= n


def num_at_least(n):
    return lambda v: is_num(v) and v >= n


class Checker:
    """Collects the problems of one report."""

    def __init__(self):
        self.errs = []

    def err(self, key, why):
        self.errs.append('%s: %s' % (key, why))

    def want(self, obj, prefix, key, ok, what):
        """obj[key] passes `ok`; missing keys are reported by `keys`."""
        if key in obj and not ok(obj[key]):
            self.err(prefix + key, '%s, not %s' % (what, json.dumps(obj[key])))

    def keys(self, obj, prefix, want, optional=()):
        for k in want:
            if k not in obj:
                self.err(prefix + k, 'missing')
        for k in obj:
            if k not in want and k not in optional:
                self.err(prefix + k, 'not a key of the schema')

    def want_map(self, obj, key, ok, what):
        """obj[key] is an object whose every value passes `ok`."""
        if key not in obj:
            return
        if not isinstance(obj[key], dict):
            self.err(key, 'an object, not %s' % json.dumps(obj[key]))
            return
        for name, v in obj[key].items():
            if not ok(v):
                self.err('%s.%s' % (key, name), '%s, not %s' % (what, json.dumps(v)))


# ----------------------------------------------------------- class objects

FPGA_STREAM_KEYS = ['fill', 'first_output', 'pixels', 'pixels_per_cycle', 'schedule_latency']
FPGA_TIMING_KEYS = ['clock_mhz', 'delay_ns', 'fmax_mhz', 'levels', 'meets_clock']
FPGA_MEMORY_KEYS = ['blocks', 'in', 'reads', 'width', 'words', 'writes']


def check_fpga_timing(c, t):
    """fpga.timing: the critical path in logic levels, its delay under the
    .acg's model, and whether it fits a period of clock_mhz."""
    p = 'fpga.timing'
    if not isinstance(t, dict) or sorted(t) != FPGA_TIMING_KEYS:
        c.err(p, 'an object {%s}, not %s' % (', '.join(FPGA_TIMING_KEYS), json.dumps(t)))
        return
    for k, ok in [('levels', nullable(int_at_least(0))), ('delay_ns', nullable(num_at_least(0))),
                  ('fmax_mhz', nullable(num_at_least(0))), ('clock_mhz', nullable(int_at_least(1))),
                  ('meets_clock', lambda v: v is None or isinstance(v, bool))]:
        if not ok(t[k]):
            c.err(p + '.' + k, 'not %s' % json.dumps(t[k]))
    if (t['delay_ns'] is None or t['clock_mhz'] is None) != (t['meets_clock'] is None):
        c.err(p + '.meets_clock', 'null exactly when delay_ns or clock_mhz is')
    elif t['meets_clock'] is not None and is_num(t['delay_ns']) and is_int(t['clock_mhz']) and \
            t['meets_clock'] != (t['delay_ns'] * t['clock_mhz'] <= 1000 + 1e-6):
        c.err(p + '.meets_clock', '%s, but delay_ns x clock_mhz is %s' %
              (json.dumps(t['meets_clock']), t['delay_ns'] * t['clock_mhz']))


def check_fpga(c, report, obj):
    """The "fpga" object (docs/qor-schema.md): the flow, the synthesis, the
    pipelined loops of a Calyx design, the numbers of a stream design."""
    p = 'fpga.'
    c.keys(obj, p, ['flow', 'synth'], ['pipelines', 'stream', 'timing', 'memories'])
    c.want(obj, p, 'flow', lambda v: v in ('calyx', 'stream'), '"calyx" or "stream"')
    c.want(obj, p, 'synth', lambda v: v in (None, 'generic', 'xilinx'), '"generic", "xilinx" or null')
    if obj.get('flow') == 'stream' and 'stream' not in obj:
        c.err(p + 'stream', 'missing (the stream flow writes it)')
    if obj.get('flow') != 'stream' and 'stream' in obj:
        c.err(p + 'stream', 'only the stream flow writes it')
    if obj.get('synth') is None and 'timing' in obj:
        c.err(p + 'timing', 'only when yosys ran (synth is not null)')
    if 'timing' in obj:
        check_fpga_timing(c, obj['timing'])
    mems = obj.get('memories')
    if mems is not None:
        if not isinstance(mems, dict) or not mems:
            c.err(p + 'memories', 'a non-empty object, not %s' % json.dumps(mems))
        else:
            for name, m in mems.items():
                if not isinstance(m, dict) or sorted(m) != FPGA_MEMORY_KEYS or not isinstance(m['in'], str) or \
                        not all(is_int(m[k]) and m[k] >= (1 if k in ('words', 'width') else 0)
                                for k in FPGA_MEMORY_KEYS if k != 'in') or \
                        (m['in'] == 'registers') != (m['blocks'] == 0):
                    c.err(p + 'memories.' + name, 'an object {%s} (blocks 0 exactly in registers), not %s' %
                          (', '.join(FPGA_MEMORY_KEYS), json.dumps(m)))
    pipes = obj.get('pipelines')
    if pipes is not None:
        if not isinstance(pipes, dict) or not pipes:
            c.err(p + 'pipelines', 'a non-empty object, not %s' % json.dumps(pipes))
        else:
            for g, d in pipes.items():
                if not isinstance(d, dict) or sorted(d) != ['depth', 'ii', 'trip'] or \
                        not all(is_int(d[k]) and d[k] >= (1 if k != 'depth' else 0) for k in d):
                    c.err(p + 'pipelines.' + g, 'an object {ii, depth, trip} of integers, not %s' % json.dumps(d))
            iis = [d['ii'] for d in pipes.values() if isinstance(d, dict) and is_int(d.get('ii'))]
            if iis and report.get('ii') != max(iis):
                c.err('ii', '%s, but the largest II of fpga.pipelines is %d' % (json.dumps(report.get('ii')), max(iis)))
    st = obj.get('stream')
    if st is not None:
        # pixels_per_transfer: only when a transfer carries several pixels.
        if not isinstance(st, dict) or sorted(k for k in st if k != 'pixels_per_transfer') != FPGA_STREAM_KEYS:
            c.err(p + 'stream', 'an object {%s[, pixels_per_transfer]}, not %s' % (', '.join(FPGA_STREAM_KEYS),
                                                                               json.dumps(st)))
            return
        ppt = st.get('pixels_per_transfer', 1)
        if 'pixels_per_transfer' in st and not (int_at_least(2)(ppt) and is_int(st['pixels']) and st['pixels'] % ppt == 0):
            c.err(p + 'stream.pixels_per_transfer', '%s, not an integer >= 2 dividing pixels' % json.dumps(ppt))
            return
        for k, ok in [('pixels', int_at_least(1)), ('schedule_latency', int_at_least(1)),
                      ('pixels_per_cycle', nullable(num_at_least(0))), ('fill', nullable(is_int)),
                      ('first_output', nullable(int_at_least(0)))]:
            if not ok(st[k]):
                c.err(p + 'stream.' + k, 'not %s' % json.dumps(st[k]))
        cycles = report.get('cycles')
        if is_int(cycles):
            if st['fill'] != cycles - st['pixels'] // ppt:
                c.err(p + 'stream.fill', '%s, but cycles - pixels / pixels_per_transfer is %s' %
                      (st['fill'], cycles - st['pixels'] // ppt))
        elif any(st[k] is not None for k in ('pixels_per_cycle', 'fill', 'first_output')):
            c.err(p + 'stream', 'the measured numbers must be null when cycles is null')
        if report.get('ii') != 1:
            c.err('ii', 'a stream design takes a value a cycle: 1, not %s' % json.dumps(report.get('ii')))


SYSTOLIC_SIM_KEYS = ['commands', 'compute', 'dram_read_bytes', 'dram_stall', 'dram_write_bytes', 'instructions',
                     'macs', 'mapping_efficiency', 'onchip_stall', 'simd_ops']


def check_systolic(c, report, obj):
    """The "systolic" object (docs/qor-schema.md): the roofline's terms,
    the program, each layer's plan and the simulator's split of the
    cycles."""
    p = 'systolic.'
    c.keys(obj, p, ['pes', 'macs', 'simd_ops', 'bounds', 'words', 'dram_bytes', 'layers', 'sim'], ['buffers'])
    for k in ('pes', 'words'):
        c.want(obj, p, k, int_at_least(1), 'an integer >= 1')
    for k in ('macs', 'simd_ops', 'dram_bytes'):
        c.want(obj, p, k, int_at_least(0), 'an integer >= 0')
    b = obj.get('bounds')
    if not isinstance(b, dict) or sorted(b) != ['dram', 'mac', 'simd'] or not all(is_num(v) and v >= 0 for v in b.values()):
        c.err(p + 'bounds', 'an object {mac, simd, dram} of numbers >= 0, not %s' % json.dumps(b))
        return
    if is_int(obj.get('macs')) and is_int(obj.get('pes')) and obj['pes'] > 0 and \
            abs(b['mac'] - obj['macs'] / obj['pes']) > 0.051:
        c.err(p + 'bounds.mac', '%s, but macs / pes is %.2f' % (b['mac'], obj['macs'] / obj['pes']))
    ideal = report.get('ideal_cycles')
    roof = max(b.values())
    if is_int(ideal) and not (roof - 0.051 <= ideal <= max(1, roof + 1.051)):
        c.err('ideal_cycles', '%d, but the roofline max(bounds) rounded up is %.1f' % (ideal, math.ceil(roof)))
    util = report.get('utilization', {})
    if isinstance(util, dict) and isinstance(util.get('pe'), dict) and util['pe'].get('available') != obj.get('pes'):
        c.err('utilization.pe.available', '%s, not the array\'s %s PEs' % (util['pe'].get('available'), obj.get('pes')))
    layers = obj.get('layers')
    if not isinstance(layers, dict):
        c.err(p + 'layers', 'an object, not %s' % json.dumps(layers))
    else:
        for name, l in layers.items():
            if not isinstance(l, dict) or l.get('dataflow') not in ('ws', 'os', 'simd') or \
                    l.get('order') not in ('k-outer', 'spatial-outer') or \
                    not isinstance(l.get('tiles'), dict) or sorted(l['tiles']) != ['c', 'k', 'p', 'q'] or \
                    not all(int_at_least(1)(v) for v in l['tiles'].values()) or \
                    not all(int_at_least(0)(l.get(k)) for k in ('estimate', 'candidates', 'valid')):
                c.err(p + 'layers.' + name, 'an object {dataflow, order, tiles {p, q, k, c}, estimate, candidates, '
                      'valid}, not %s' % json.dumps(l))
    sim = obj.get('sim')
    cycles = report.get('cycles')
    if sim is None:
        if cycles is not None:
            c.err(p + 'sim', 'null, but cycles were simulated')
        return
    if not isinstance(sim, dict):
        c.err(p + 'sim', 'an object or null, not %s' % json.dumps(sim))
        return
    c.keys(sim, p + 'sim.', SYSTOLIC_SIM_KEYS, ['buffers'])
    for k in SYSTOLIC_SIM_KEYS:
        ok = num_at_least(0) if k == 'mapping_efficiency' else int_at_least(0)
        c.want(sim, p + 'sim.', k, ok, 'a number >= 0')
    if is_num(sim.get('mapping_efficiency')) and sim['mapping_efficiency'] > 1:
        c.err(p + 'sim.mapping_efficiency', 'above 1: %s' % sim['mapping_efficiency'])
    parts = [sim.get(k) for k in ('compute', 'onchip_stall', 'dram_stall')]
    if is_int(cycles) and all(is_int(v) for v in parts) and sum(parts) != cycles:
        c.err(p + 'sim', 'compute + onchip_stall + dram_stall is %d, not the %d cycles' % (sum(parts), cycles))



CGRA_KEYS = ['bitstream_bytes', 'bitstream_writes', 'design', 'map_ms', 'mul_pes', 'multiplies', 'output_lanes',
             'output_words', 'registers', 'route_iterations', 'routing_only_tiles', 'schedule_latency', 'stall_cycles']
CGRA_UTILIZATION = ('pe', 'mem', 'io', 'tracks')


def check_cgra(c, report, obj):
    """The "cgra" object (docs/qor-schema.md): the output that bounds the
    ideal cycles, the mapping's numbers, the configuration's size."""
    p = 'cgra.'
    c.keys(obj, p, CGRA_KEYS)
    c.want(obj, p, 'design', lambda v: isinstance(v, str) and v != '', 'a non-empty string')
    for k in ('output_words', 'output_lanes', 'route_iterations', 'schedule_latency', 'bitstream_writes',
              'bitstream_bytes'):
        c.want(obj, p, k, int_at_least(1), 'an integer >= 1')
    for k in ('registers', 'routing_only_tiles', 'mul_pes', 'multiplies'):
        c.want(obj, p, k, int_at_least(0), 'an integer >= 0')
    c.want(obj, p, 'stall_cycles', nullable(int_at_least(0)), 'an integer >= 0 or null')
    ms = obj.get('map_ms')
    if 'map_ms' in obj and (not isinstance(ms, dict) or sorted(ms) != ['netlist', 'place', 'route', 'schedule'] or
                            not all(is_num(v) and v >= 0 for v in ms.values())):
        c.err(p + 'map_ms', 'an object {schedule, netlist, place, route} of numbers >= 0, not %s' % json.dumps(ms))
    words, lanes = obj.get('output_words'), obj.get('output_lanes')
    muls, mpes = obj.get('multiplies'), obj.get('mul_pes')
    if all(is_int(v) for v in (words, lanes, muls, mpes)) and lanes >= 1 and report.get('ideal_cycles') is not None:
        want = max(-(-words // lanes), -(-muls // mpes) if mpes > 0 else 0)
        if report.get('ideal_cycles') != want:
            c.err('ideal_cycles', '%s, but the larger of ceil(cgra.output_words / cgra.output_lanes) and '
                  'ceil(cgra.multiplies / cgra.mul_pes) is %d' % (json.dumps(report.get('ideal_cycles')), want))
    if (report.get('cycles') is None) != (obj.get('stall_cycles') is None):
        c.err(p + 'stall_cycles', 'null exactly when cycles is null')
    util = report.get('utilization')
    if isinstance(util, dict):
        for k in CGRA_UTILIZATION:
            if k not in util:
                c.err('utilization.' + k, 'missing (a cgra report counts %s)' % ', '.join(CGRA_UTILIZATION))
    if report.get('ii') != 1:
        c.err('ii', 'a cgra design takes a value a cycle on every stream: 1, not %s' % json.dumps(report.get('ii')))


RDA_KEYS = ['compute_units_merged', 'compute_units_partitioned', 'dram_bandwidth_used', 'dram_bits_per_cycle',
            'dram_read_bytes', 'dram_write_bytes', 'heuristic_ms', 'ilp', 'operations', 'stalls', 'unit_activity',
            'units_mapped', 'units_virtual']
RDA_MEASURED = ['dram_bandwidth_used', 'dram_read_bytes', 'dram_write_bytes', 'operations', 'stalls', 'unit_activity']


def check_rda(c, report, obj):
    """The "rda" object (docs/qor-schema.md): the allocation by the
    heuristic and the ILP, the DRAM traffic, activity and stalls."""
    p = 'rda.'
    c.keys(obj, p, RDA_KEYS)
    for k in ('units_virtual', 'units_mapped', 'dram_bits_per_cycle'):
        c.want(obj, p, k, int_at_least(0), 'an integer >= 0')
    c.want(obj, p, 'heuristic_ms', num_at_least(0), 'a number >= 0')
    ilp = obj.get('ilp')
    for k in ('compute_units_partitioned', 'compute_units_merged'):
        v = obj.get(k)
        if not isinstance(v, dict) or sorted(v) != ['heuristic', 'ilp'] or not is_int(v['heuristic']) or \
                not (v['ilp'] is None if ilp is None else is_int(v['ilp'])):
            c.err(p + k, '{heuristic, ilp} integers (ilp null when no ILP ran), not %s' % json.dumps(v))
        elif v['ilp'] is not None and v['ilp'] > v['heuristic']:
            c.err(p + k + '.ilp', '%d, more units than the heuristic\'s %d (the ILP starts from it)' %
                  (v['ilp'], v['heuristic']))
    if ilp is not None:
        if not isinstance(ilp, dict) or sorted(ilp) != ['gap', 'ms', 'optimal', 'solved', 'timed_out'] or \
                not int_at_least(0)(ilp['solved']) or \
                not num_at_least(0)(ilp['ms']) or not num_at_least(0)(ilp['gap']) or \
                not isinstance(ilp['optimal'], bool) or not isinstance(ilp['timed_out'], bool):
            c.err(p + 'ilp', 'null or {solved, ms, gap >= 0, optimal, timed_out}, not %s' % json.dumps(ilp))
        elif ilp['optimal'] and ilp['gap'] > 1e-6:
            c.err(p + 'ilp.gap', '%s, but the ILP says it is optimal' % ilp['gap'])
    if report.get('cycles') is None:
        if any(obj.get(k) is not None for k in RDA_MEASURED):
            c.err(p[:-1], 'the measured numbers (%s) must be null when cycles is null' % ', '.join(RDA_MEASURED))
        return
    c.want(obj, p, 'dram_bandwidth_used', lambda v: is_num(v) and 0 <= v <= 1 + 1e-6, 'a number in [0, 1]')
    c.want(obj, p, 'unit_activity', lambda v: is_num(v) and 0 <= v <= 1 + 1e-6, 'a number in [0, 1]')
    for k in ('dram_read_bytes', 'dram_write_bytes', 'operations'):
        c.want(obj, p, k, int_at_least(0), 'an integer >= 0')
    st = obj.get('stalls')
    if not isinstance(st, dict) or sorted(st) != ['dram', 'input', 'output', 'port'] or \
            not all(is_int(v) and v >= 0 for v in st.values()):
        c.err(p + 'stalls', '{input, output, dram, port} integers >= 0, not %s' % json.dumps(st))
    bpc, cycles = obj.get('dram_bits_per_cycle'), report['cycles']
    if is_int(bpc) and bpc > 0 and is_int(obj.get('dram_read_bytes')) and is_int(obj.get('dram_write_bytes')) and \
            is_num(obj.get('dram_bandwidth_used')):
        used = (obj['dram_read_bytes'] + obj['dram_write_bytes']) * 8 / (cycles * bpc)
        if abs(used - obj['dram_bandwidth_used']) > 1e-3 + 1e-3 * used:
            c.err(p + 'dram_bandwidth_used', '%s, but the bytes moved over cycles x bits per cycle is %.6f' %
                  (obj['dram_bandwidth_used'], used))


CLASS_CHECKS = {'fpga': check_fpga, 'systolic': check_systolic, 'cgra': check_cgra, 'rda': check_rda}


# ---------------------------------------------------------------- report


def check(report):
    """The list of problems of one parsed report."""
    if not isinstance(report, dict):
        return ['<top>: not an object']
    c = Checker()
    cls = report.get('class')
    c.keys(report, '', KEYS, [cls] if isinstance(cls, str) and cls not in KEYS else [])
    c.want(report, '', 'version', lambda v: v == 2, '2')
    for k in ('target', 'class', 'kernel'):
        c.want(report, '', k, lambda v: isinstance(v, str) and v != '', 'a non-empty string')
    c.want(report, '', 'verified', lambda v: isinstance(v, bool), 'true or false')
    c.want(report, '', 'cycles', nullable(int_at_least(1)), 'an integer >= 1 or null')
    c.want(report, '', 'ideal_cycles', nullable(int_at_least(1)), 'an integer >= 1 or null')
    c.want(report, '', 'ii', nullable(int_at_least(1)), 'an integer >= 1 or null')
    for k in ('compute_occupancy', 'max_utilization', 'ops_per_cycle', 'macs_per_cycle'):
        c.want(report, '', k, nullable(num_at_least(0)), 'a number >= 0 or null')
    util = report.get('utilization')
    if 'utilization' in report:
        if not isinstance(util, dict):
            c.err('utilization', 'an object, not %s' % json.dumps(util))
            util = {}
        for kind, r in list(util.items()):
            if not isinstance(r, dict) or sorted(r) != ['available', 'used']:
                c.err('utilization.%s' % kind, 'an object {used, available}, not %s' % json.dumps(r))
                del util[kind]
                continue
            if not (is_int(r['used']) and r['used'] >= 0):
                c.err('utilization.%s.used' % kind, 'an integer >= 0, not %s' % json.dumps(r['used']))
            if not (r['available'] is None or (is_int(r['available']) and r['available'] >= 0)):
                c.err('utilization.%s.available' % kind,
                      'an integer >= 0 or null, not %s' % json.dumps(r['available']))
    c.want_map(report, 'buffers', int_at_least(1), 'an integer >= 1')
    c.want_map(report, 'compile_ms', num_at_least(0), 'a number >= 0')
    if isinstance(cls, str) and cls in report:
        if not isinstance(report[cls], dict):
            c.err(cls, 'an object, not %s' % json.dumps(report[cls]))
        elif cls in CLASS_CHECKS:
            CLASS_CHECKS[cls](c, report, report[cls])
    if c.errs:
        return c.errs
    # The derived numbers must agree with what they are derived from.
    cycles, ideal = report['cycles'], report['ideal_cycles']
    if report['verified'] and cycles is None:
        c.err('verified', 'true, but nothing was simulated (cycles is null)')
    for k in ('ops_per_cycle', 'macs_per_cycle'):
        if cycles is None and report[k] is not None:
            c.err(k, 'must be null when cycles is null')
    if report['ops_per_cycle'] is not None and report['macs_per_cycle'] is not None and \
            report['macs_per_cycle'] > report['ops_per_cycle']:
        c.err('macs_per_cycle', 'more than ops_per_cycle')
    if cycles is None or ideal is None:
        if report['compute_occupancy'] is not None:
            c.err('compute_occupancy', 'must be null when cycles or ideal_cycles is null')
    else:
        if ideal > cycles:
            c.err('ideal_cycles', '%d, more than the %d cycles measured: it is no lower bound' % (ideal, cycles))
        if report['compute_occupancy'] is None or not close(report['compute_occupancy'], ideal / cycles):
            c.err('compute_occupancy', '%s, but ideal_cycles / cycles is %.6f' %
                  (json.dumps(report['compute_occupancy']), ideal / cycles))
    budgets = [r for r in util.values() if r['available']]
    if budgets:
        u = max(r['used'] / r['available'] for r in budgets)
        if report['max_utilization'] is None or not close(report['max_utilization'], u):
            c.err('max_utilization', '%s, but the largest used/available is %.6f' %
                  (json.dumps(report['max_utilization']), u))
    elif report['max_utilization'] is not None:
        c.err('max_utilization', 'must be null when no resource has a budget')
    return c.errs


def check_file(path):
    try:
        with open(path) as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        print('%s: error: <file>: %s' % (path, e))
        return False
    errs = check(report)
    for e in errs:
        print('%s: error: %s' % (path, e))
    if not errs:
        print('%s: ok' % path)
    return not errs


def main(argv):
    if len(argv) in (2, 4) and argv[0] == '--find' and (len(argv) == 2 or argv[2] == '--newer-than'):
        files = sorted(os.path.join(d, f) for d, _, fs in os.walk(argv[1]) for f in fs if f == 'qor.json')
        if len(argv) == 4:
            # Reports an older writer left behind are not this build's.
            since = os.path.getmtime(argv[3])
            files = [f for f in files if os.path.getmtime(f) >= since]
        if not files:
            print('check_qor: error: no qor.json below %s' % argv[1])
            return 1
    elif argv and not argv[0].startswith('-'):
        files = argv
    else:
        print(__doc__.strip())
        return 2
    ok = True
    for path in files:
        ok = check_file(path) and ok
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
