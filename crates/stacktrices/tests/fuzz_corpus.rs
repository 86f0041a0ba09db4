//! The fuzz bodies of `fuzz/fuzz_targets/stacktrices_{parse,play}.rs`, run over a small
//! inline corpus and a few hundred seeded random byte strings.

use pyramid_core::prelude::*;
use pyramid_testkit::fuzzing::{parse_position, play_bytes, seeded_inputs};
use stacktrices::{Rules, Start};

const CORPUS: &[&[u8]] = &[
    b"",
    b"bdPp,bqDd,bd,bqQq,bd,bqDd,bdPp/7/7/7/7/7/wdPp,wqDd,wd,wqQq,wd,wqDd,wdPp Qq a1,g7 -,- main 0 0",
    b"bdPp,bqDd,bd,bqQq,bd,bqDd,bdPp/7/7/7/7/7/wdPp,wqDd,wd,wqQq,wd,wqDd,wdPp Qq a1,g7 -,- main 0 0\n\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b",
    b"bd,bq,bd,bq,bd,bq,bd/7/7/7/7/7/wd,wq,wd,wq,wd,wq,wd Qq -,- -,- setup-hide 0 0\n\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f",
    b"\n!d1-d4\n!trade=D@b1,d@b1>Q@b1\n!g7-f6\n!trade=none\n\xff\xfe",
    b"\n!hide=a1\n!hide=g7\n!place=D@b1\n!place=d@b1\n!raid=none\n!steal=none",
    b"\n!trade=P@a1,p@a1,P@a1,P@a1>Q@c1\n!raid=+q@a1\n!raid=P@a9>b1\n!d1~d1\n!a1--b2",
    b"6,bqP/7/7/3,wqDd,3/7/7/wdP,6 PPDDDQQQppppdddqqq a1,- -,- steal:Pp+raid 0 0",
    b"6,bqP/7/7/3,wqDd,3/7/7/wdP,6 PPPDDQQQpppdddqqq a1!,- a1,- main 0 99999999999",
    b"wqDPPPQQQDD,6/7/7/7/7/7/6,bq - -,- -,- main 0 0\n\x00\x00\x00",
    "é/7/7/7/7/7/7 Qq -,- -,- main 0 0".as_bytes(),
];

fn all_rules() -> Vec<Rules> {
    let mut out = Vec::new();
    for start in [Start::Standard, Start::Setup] {
        for v in 0..4 {
            let mut r = Rules::default()
                .with_start(start)
                .with_variant1(v & 1 == 1)
                .with_variant2(v & 2 == 2);
            if v == 3 {
                r = r.with_ply_limit(Some(40));
            }
            out.push(r);
        }
    }
    out
}

#[test]
fn fuzz_bodies_survive_the_corpus() {
    for rules in all_rules() {
        for data in CORPUS {
            parse_position::<stacktrices::Stacktrices>(&rules, data);
            play_bytes::<stacktrices::Stacktrices>(&rules, data);
        }
    }
}

#[test]
fn fuzz_bodies_survive_seeded_random_bytes() {
    let rules = all_rules();
    let alphabet = b"wbdqPDQpdq1234567/ ,-!~=@>+\nabcdefg:?mainradtehsplov";
    for (i, data) in seeded_inputs(2026, 400, 300, alphabet).iter().enumerate() {
        let r = &rules[i % rules.len()];
        parse_position::<stacktrices::Stacktrices>(r, data);
        play_bytes::<stacktrices::Stacktrices>(r, data);
    }
}
