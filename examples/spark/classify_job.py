#!/usr/bin/env python3
"""Classifies a file of JSON Lines messages with smsfilter on Spark, through RDD.pipe.

The release binary is shipped to the executors with SparkContext.addFile; each partition's lines
go through one `smsfilter classify` process (one thread: Spark gives each task one core) and
come back as one JSON Lines decision per message, in order. The decisions are written with
saveAsTextFile, so the part files, concatenated in name order, are the decisions of the input
file in its own order.

Usage: classify_job.py --binary PATH --input FILE --output DIR [--master local[2]] [--partitions N]
"""
import argparse
import json
import os
import time

from pyspark import SparkConf, SparkContext, SparkFiles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True, help="the smsfilter release binary to ship")
    parser.add_argument("--input", required=True, help="JSON Lines messages (a local path or any Hadoop URI)")
    parser.add_argument("--output", required=True, help="the folder of decision part files to write")
    parser.add_argument("--master", default="local[2]", help="Spark master (default local[2])")
    parser.add_argument("--partitions", type=int, default=0, help="minimum input partitions (default: 2 per core)")
    parser.add_argument(
        "--binary-on-executors",
        default=None,
        help="where executors find the shipped binary: SparkFiles' folder in local mode (the default); "
        "'./smsfilter' on YARN, whose containers start in the folder files are shipped to",
    )
    args = parser.parse_args()

    conf = SparkConf().setAppName("smsfilter-classify").setMaster(args.master)
    conf.set("spark.ui.enabled", "false")
    conf.set("spark.ui.showConsoleProgress", "false")
    sc = SparkContext(conf=conf)
    sc.setLogLevel("WARN")
    try:
        sc.addFile(os.path.abspath(args.binary))
        name = os.path.basename(args.binary)
        binary = args.binary_on_executors or SparkFiles.get(name)
        cores = sc.defaultParallelism
        partitions = args.partitions or 2 * cores
        command = f"{binary} classify --input jsonl --output jsonl --threads 1"
        start = time.monotonic()
        messages = sc.textFile(args.input, minPartitions=partitions)
        # checkCode: a classify run that fails (a line it could not read, a missing binary)
        # fails the task instead of silently giving fewer lines.
        decisions = messages.pipe(command, checkCode=True)
        decisions.saveAsTextFile(args.output)
        seconds = time.monotonic() - start
        count = sc.textFile(args.output).count()
        print(
            json.dumps(
                {
                    "master": args.master, "cores": cores, "partitions": messages.getNumPartitions(),
                    "decisions": count, "seconds": round(seconds, 2),
                    "messagesPerSecond": round(count / seconds), "messagesPerSecondPerCore": round(count / seconds / cores),
                }
            )
        )
    finally:
        sc.stop()


if __name__ == "__main__":
    main()
