mod common;
use common::*;

#[test]
fn smoke() {
    let mut g = game(
        &[],
        &open(3, 4),
        &[],
        &[
            unit(
                "Ash",
                0,
                (1, 1),
                S,
                &["duel-blade"],
                "str = 10, dex = 12, int = 10, sword = 1",
            ),
            unit(
                "Bay",
                1,
                (1, 2),
                N,
                &["duel-blade"],
                "str = 10, dex = 12, int = 10, sword = 1",
            ),
        ],
    );
    println!("{:?}", g.texts());
    g.start_turn(0);
    println!("{:?}", g.texts());
    g.stand_all();
    println!("{:?}", g.texts());
    let ev = g.play("Ash attacks Bay", &faces(&[&d3(10), &[3, 4]]));
    println!("{ev:#?}");
    println!("{:?}", g.texts());
}
