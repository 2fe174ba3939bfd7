#!/usr/bin/env python3
"""Prints the Markdown tables of `smsfilter directory bench --format json` reports (scripts/bench)."""
import json
import sys


def k(v):
    return f"{v/1e6:.2f} M" if v >= 1e6 else f"{v/1e3:.0f} k"


for path in sys.argv[1:]:
    d = json.load(open(path))
    kind = "one label per entry (`Entry N`)" if d.get("distinctLabels") else "about 20,000 shared labels"
    print(f"## Sender directory: {d['entries']:,} generated entries, {kind}\n")
    print("| measure | value |\n|---|---|")
    print(f"| build | {d['buildSeconds']:.2f} s (+ {d['writeSeconds']:.2f} s to write) |")
    print(f"| file | {d['fileBytes']/1e6:.1f} MB, {d['labels']:,} labels |")
    b = d.get("bytesPerEntry", {})
    if b:
        print(f"| bytes per entry | keys {b['keys']:.2f}, payloads {b['payloads']:.2f}, labels {b['labels']:.2f}, texts {b['texts']:.2f} |")
    print(f"| open | {d['openMilliseconds']:.2f} ms with checksum, {d['openWithoutChecksumMilliseconds']:.3f} ms without |")
    print(f"| single lookups, 1 core | hits {k(d['hits']['lookupsPerSecond'])}/s, misses {k(d['misses']['lookupsPerSecond'])}/s |")
    print(f"| batch lookups ({d['batchSize']} a call), 1 core | hits {k(d['batchHits']['lookupsPerSecond'])}/s, misses {k(d['batchMisses']['lookupsPerSecond'])}/s |")
    print(f"| resident beyond the mapped file (opened {d.get('residency', 'copied')}) | {d['memory']['residentBeyondMappedFileMegabytes']:.2f} MB |")
    c = d.get("callDirectory")
    if c:
        print(f"| Call Directory export | {c['exportBytes']/1e6:.1f} MB in {c['exportSeconds']:.2f} s: blocking {c['blocking']:,}, identification {c['identification']:,} (directory counts {c['expectedBlocking']:,} and {c['expectedIdentification']:,}; left out {c['leftOut']:,}, nothing to load {c['unlabelled']:,}) |")
        print(f"| export read back through `CallDirectoryStreamReader` | {c['readSeconds']:.2f} s, {'strictly ascending and complete' if c['ascendingAndComplete'] else 'NOT ascending or incomplete'}, resident memory +{c['readResidentGrowthMegabytes']:.2f} MB at most |")
        print(f"| diff of {c['changedEntries']:,} changed entries | {c['diffRecords']:,} records, {c['diffBytes']/1e3:.0f} KB in {c['diffSeconds']:.2f} s; applied to the old export in {c['applySeconds']:.2f} s: {'the new export byte for byte' if c['appliedEqualsNewExport'] else 'NOT the new export'} |")
    print()
