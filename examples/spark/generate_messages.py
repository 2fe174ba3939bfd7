#!/usr/bin/env python3
"""Writes N synthetic SMS messages as JSON Lines to standard output, the same N for the same seed.

The messages are made here from templates written for this example (bank movements, codes,
deliveries, offers, prizes, chat), with random amounts, codes, names and senders: no message is
taken from any corpus.

Usage: generate_messages.py N [SEED] > messages.jsonl
"""
import json
import random
import sys

TEMPLATES = [
    ("VM-{bank}", "Rs {amount}.00 debited from A/c XX{digits4} on {day}-11-26. Avl bal Rs {amount2}.{cents}"),
    ("AD-{bank}", "INR {amount} credited to your account ending {digits4} by NEFT ref {digits8}"),
    ("{short}", "{code6} is your verification code. It expires in 10 minutes. Do not share it."),
    ("VK-{shop}", "Your order #{digits8} has been shipped and will arrive by {day} Nov. Track: https://{shop_lower}.example/t/{digits6}"),
    ("{short}", "Reminder: your appointment with Dr {name} is tomorrow at {hour}:30. Reply C to cancel."),
    ("MD-{shop}", "Flat {percent}% off on everything this weekend only! Use code SAVE{percent} at checkout. T&C apply"),
    ("+44 7{digits3} {digits6}", "Congratulations! You have won a {amount} cash prize. To claim call 0906{digits7} now"),
    ("+91 9{digits4}{digits5}", "hey {name}, are we still meeting at {hour} tonight? bring the charger pls"),
    ("{short}", "Your bill of Rs {amount} is due on {day}/11. Pay now to avoid a late fee."),
    ("JD-{bank}", "Dear customer your KYC is pending, update within 24 hrs or your account will be blocked: http://{bank_lower}-kyc.top/u"),
]
BANKS = ["HDFCBK", "ICICIB", "SBIINB", "AXISBK", "KOTAKB", "PNBSMS"]
SHOPS = ["AMAZON", "FLPKRT", "MYNTRA", "SWIGGY", "ZOMATO", "BIGBSK"]
NAMES = ["Asha", "Ravi", "Maria", "John", "Wei", "Fatima", "Lukas", "Ana"]


def message(rng: random.Random, index: int) -> dict:
    sender, body = TEMPLATES[rng.randrange(len(TEMPLATES))]
    bank = rng.choice(BANKS)
    shop = rng.choice(SHOPS)
    values = {
        "bank": bank, "bank_lower": bank.lower(), "shop": shop, "shop_lower": shop.lower(),
        "name": rng.choice(NAMES), "short": str(rng.randrange(50000, 59999)),
        "amount": f"{rng.randrange(10, 99999):,}", "amount2": f"{rng.randrange(10, 999999):,}",
        "cents": f"{rng.randrange(100):02d}", "day": str(rng.randrange(1, 29)),
        "hour": str(rng.randrange(1, 12)), "percent": str(rng.choice([10, 20, 30, 40, 50])),
        "code6": f"{rng.randrange(10**6):06d}", "digits3": f"{rng.randrange(10**3):03d}",
        "digits4": f"{rng.randrange(10**4):04d}", "digits5": f"{rng.randrange(10**5):05d}",
        "digits6": f"{rng.randrange(10**6):06d}", "digits7": f"{rng.randrange(10**7):07d}",
        "digits8": f"{rng.randrange(10**8):08d}",
    }
    return {"id": index, "sender": sender.format(**values), "body": body.format(**values)}


def main() -> None:
    count = int(sys.argv[1])
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 17)
    out = sys.stdout
    for index in range(count):
        out.write(json.dumps(message(rng, index), ensure_ascii=False, separators=(",", ":")))
        out.write("\n")


if __name__ == "__main__":
    main()
