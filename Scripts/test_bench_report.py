#!/usr/bin/python3
"""Checks Scripts/bench_report.py with made-up figures (no timing, no X): python3 Scripts/test_bench_report.py"""
import os, sys, unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_report as br  # noqa: E402

SMAPS = """\
55d0c0000000-55d0c0100000 r-xp 00000000 08:01 42   /work/app/.build/release/textfield-catalog
Rss:                1024 kB
55d0c1000000-55d0c1200000 rw-p 00000000 00:00 0    [heap]
Rss:                2048 kB
7f0000000000-7f0000100000 rw-p 00000000 00:00 0
Rss:                 512 kB
7f0000200000-7f0000300000 r--p 00000000 08:01 7    /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
Rss:                1900 kB
7f0000400000-7f0000500000 r--p 00000000 08:01 8    /var/cache/fontconfig/a1b2-le64.cache-9
Rss:                 100 kB
7f0000600000-7f0000700000 r-xp 00000000 08:01 9    /usr/lib/x86_64-linux-gnu/libX11.so.6.4.0
Rss:                 300 kB
7f0000800000-7f0000900000 r-xp 00000000 08:01 10   /usr/lib/x86_64-linux-gnu/libharfbuzz.so.0.60830.0
Rss:                 200 kB
7f0000a00000-7f0000b00000 r-xp 00000000 08:01 11   /usr/lib/swift/linux/libswiftCore.so
Rss:                 400 kB
7f0000c00000-7f0000d00000 r-xp 00000000 08:01 12   /usr/lib/x86_64-linux-gnu/libatk-bridge-2.0.so.0.0.0
Rss:                  50 kB
7f0000e00000-7f0000f00000 r-xp 00000000 08:01 13   /usr/lib/x86_64-linux-gnu/libc.so.6
Rss:                 600 kB
7ffc00000000-7ffc00100000 rw-p 00000000 00:00 0    [stack]
Rss:                  16 kB
7f0001000000-7f0001100000 r-xp 00000000 08:01 14   /usr/lib/x86_64-linux-gnu/libtk8.6.so
Rss:                 700 kB
"""


def samples(median, spread=0.0, n=21):
    """n samples with the given median, the top ones `spread` above it (so p95 = median + spread)."""
    return [median] * (n - 2) + [median + spread] * 2


class SmapsBreakdownTests(unittest.TestCase):
    def test_each_mapping_lands_in_its_group(self):
        totals = br.smaps_breakdown(SMAPS, "/work/app/.build/release/textfield-catalog")
        self.assertEqual(totals, {"program": 1024 + 700, "swift": 400, "text": 300 + 200, "a11y": 50,
                                  "heap": 2048 + 512, "fonts": 1900 + 100, "other": 600 + 16})

    def test_totals_add_up_to_every_rss_line(self):
        totals = br.smaps_breakdown(SMAPS, "/elsewhere/binary")
        self.assertEqual(sum(totals.values()), sum(int(l.split()[1]) for l in SMAPS.splitlines() if l.startswith("Rss:")))
        self.assertEqual(totals["program"], 700)  # only libtk: the catalog's path is not this binary


class GoalVerdictTests(unittest.TestCase):
    def goal(self, results, goal, start):
        rows = [r for r in br.goal_rows(results) if r["goal"] == goal and r["metric"].startswith(start)]
        self.assertEqual(len(rows), 1, [r["metric"] for r in br.goal_rows(results)])
        return rows[0]

    def test_keystroke_goal_needs_median_and_p95_at_or_under_tk_and_wish(self):
        base = {"keys_empty_ms": samples(0.6, 0.3), "tk_keys_empty_ms": samples(0.8, 0.5),
                "wish_keys_empty_ms": samples(0.7, 0.3)}
        self.assertIs(self.goal(base, 3, "keystroke to pixels (XTEST key to X DAMAGE), an empty")["met"], True)
        slow_tail = dict(base, keys_empty_ms=samples(0.6, 0.5))  # p95 1.1 over wish's 1.0
        self.assertIs(self.goal(slow_tail, 3, "keystroke to pixels (XTEST key to X DAMAGE), an empty")["met"], False)
        no_wish = {k: v for k, v in base.items() if not k.startswith("wish")}
        self.assertIsNone(self.goal(no_wish, 3, "keystroke to pixels (XTEST key to X DAMAGE), an empty")["met"])

    def test_start_goal_is_three_tenths_of_tk(self):
        results = {"first_frame_ms": [30.0], "tk_first_frame_ms": [100.0], "wish_first_frame_ms": [60.0]}
        self.assertIs(self.goal(results, 6, "exec to first frame")["met"], True)
        self.assertIs(self.goal(dict(results, first_frame_ms=[30.5]), 6, "exec to first frame")["met"], False)

    def test_memory_goal_compares_with_wish(self):
        results = {"start_rss_mb": [14.0], "wish_start_rss_mb": [13.2], "tk_start_rss_mb": [21.0]}
        self.assertIs(self.goal(results, 4, "peak RSS")["met"], False)
        self.assertIs(self.goal(dict(results, start_rss_mb=[13.2]), 4, "peak RSS")["met"], True)

    def test_large_text_goals(self):
        results = {"large_paste_visible_ms": [250.0], "large_text_rss_mb": [25.0], "large_text_hwm_mb": [31.0],
                   "large_delete_ms": [49.0], "large_undo_ms": [51.0], "keys_area_10M_middle_ms": samples(1.5),
                   "keys_area_1k_middle_ms": samples(1.0)}
        self.assertIs(self.goal(results, 1, "10 MB paste")["met"], True)
        self.assertIs(self.goal(results, 1, "memory")["met"], False)  # the peak is over 3x
        self.assertIs(self.goal(results, 1, "select-all")["met"], True)
        self.assertIs(self.goal(results, 1, "its undo")["met"], False)
        self.assertIs(self.goal(results, 1, "keystroke to pixels in the middle")["met"], True)
        self.assertIs(self.goal(dict(results, keys_area_10M_middle_ms=samples(1.6)), 1,
                                   "keystroke to pixels in the middle")["met"], False)

    def test_qa_goal_unknown_until_measured(self):
        row = self.goal({"keys_empty_ms": samples(1.0)}, 2, "keystroke")
        self.assertIsNone(row["met"])
        self.assertIn("not measured", row["note"])
        self.assertIs(self.goal({"keys_empty_ms": samples(1.0), "keys_qa_empty_ms": samples(1.5)}, 2, "keystroke")["met"], True)

    def test_qa_goal_compares_with_the_case_measured_beside_it(self):
        # The case without --qa-state measured in turn with it wins over the keys part's own.
        results = {"keys_empty_ms": samples(2.0), "keys_noqa_empty_ms": samples(1.0), "keys_qa_empty_ms": samples(1.6)}
        row = self.goal(results, 2, "keystroke")
        self.assertIs(row["met"], False)
        self.assertIn("1.60x", row["note"])
        self.assertIs(self.goal(dict(results, keys_qa_empty_ms=samples(1.4)), 2, "keystroke")["met"], True)


class RenderTests(unittest.TestCase):
    def test_every_goal_has_a_row_and_missed_ones_are_named(self):
        results = {"first_frame_ms": [40.0], "tk_first_frame_ms": [100.0], "wish_first_frame_ms": [50.0],
                   "smaps": {"catalog": br.smaps_breakdown(SMAPS, "/work/app/.build/release/textfield-catalog")}}
        text = br.render(results, 1, 10, ["start"])
        goal_cells = {line.split("|")[1].strip() for line in text.splitlines() if line.startswith("| ")}
        self.assertTrue({"1", "2", "3", "4", "5", "6"} <= goal_cells, goal_cells)
        self.assertIn("Goals not met in this run: 6 (exec to first frame).", text)
        self.assertIn("| heap (brk and anonymous mappings) | 2.5 |", text)

    def test_percentile_is_nearest_rank(self):
        values = list(range(1, 101))
        self.assertEqual(br.percentile(values, 0.95), 95)
        self.assertEqual(br.percentile([3.0], 0.95), 3.0)
        self.assertIsNone(br.percentile([], 0.5))


if __name__ == "__main__":
    unittest.main()
