package io.kifudb.rules;

/**
 * The variants' piece tables and start positions, transcribed from {@code pieces-and-setups.md}.
 */
public final class Variants {
    private Variants() {}

    /** Chu Shogi, 12×12, lishogi's letters and start position (pieces-and-setups.md §2). */
    public static final Variant CHU = chu();

    private static Variant chu() {
        Variant.Builder b = new Variant.Builder("chu", 12);
        b.kind("k", "玉将", "King", "king", "step(all)", null).royal = true;
        b.kind("n", "獅子", "Lion", "lion", "lion", null).lionRank = true;
        b.kind("q", "奔王", "Free King", "queen", "slide(all)", null);
        b.kind("d", "龍王", "Dragon King", "dragon", "slide(orth) step(diag)", "+d");
        b.kind("h", "龍馬", "Dragon Horse", "horse", "slide(diag) step(orth)", "+h");
        b.kind("r", "飛車", "Rook", "rook", "slide(orth)", "+r");
        b.kind("b", "角行", "Bishop", "bishop", "slide(diag)", "+b");
        b.kind("v", "竪行", "Vertical Mover", "verticalmover", "slide(F,B) step(L,R)", "+v");
        b.kind("m", "横行", "Side Mover", "sidemover", "slide(L,R) step(F,B)", "+m");
        b.kind("a", "反車", "Reverse Chariot", "chariot", "slide(F,B)", "+a");
        b.kind("l", "香車", "Lance", "lance", "slide(F)", "+l").stuckOnLastRank = true;
        b.kind("o", "麒麟", "Kirin", "kirin", "step(diag) jump2(orth)", "+o");
        b.kind("x", "鳳凰", "Phoenix", "phoenix", "step(orth) jump2(diag)", "+x");
        b.kind("e", "酔象", "Drunk Elephant", "elephant", "step(F,FL,FR,L,R,BL,BR)", "+e");
        b.kind("t", "盲虎", "Blind Tiger", "tiger", "step(FL,FR,L,R,B,BL,BR)", "+t");
        b.kind("g", "金将", "Gold General", "gold", "step(F,FL,FR,L,R,B)", "+g");
        b.kind("s", "銀将", "Silver General", "silver", "step(F,FL,FR,BL,BR)", "+s");
        b.kind("c", "銅将", "Copper General", "copper", "step(F,FL,FR,B)", "+c");
        b.kind("f", "猛豹", "Ferocious Leopard", "leopard", "step(F,FL,FR,B,BL,BR)", "+f");
        PieceKind pawn = b.kind("p", "歩兵", "Pawn", "pawn", "step(F)", "+p");
        pawn.pawnOrGoBetween = true;
        pawn.stuckOnLastRank = true;
        b.kind("i", "仲人", "Go-Between", "gobetween", "step(F,B)", "+i").pawnOrGoBetween = true;
        // Kinds that exist only as promotions (§2.2).
        b.kind("+d", "飛鷲", "Soaring Eagle", "eagle", "slide(F,B,L,R,BL,BR) lionline(FL,FR)", null);
        b.kind("+h", "角鷹", "Horned Falcon", "falcon", "slide(FL,FR,L,R,B,BL,BR) lionline(F)", null);
        b.kind("+v", "飛牛", "Flying Ox", "ox", "slide(F,B,FL,FR,BL,BR)", null);
        b.kind("+m", "奔猪", "Free Boar", "boar", "slide(L,R,FL,FR,BL,BR)", null);
        b.kind("+a", "鯨鯢", "Whale", "whale", "slide(F,B,BL,BR)", null);
        b.kind("+l", "白駒", "White Horse", "whitehorse", "slide(F,B,FL,FR)", null);
        b.kind("+e", "太子", "Crown Prince", "prince", "step(all)", null).royal = true;
        b.kind("+t", "飛鹿", "Flying Stag", "stag", "slide(F,B) step(FL,FR,L,R,BL,BR)", null);
        b.kind("+p", "と金", "Tokin", "promotedpawn", "step(F,FL,FR,L,R,B)", null);
        // Promoted forms that move like a start kind (§2.3).
        b.kind("+o", "獅子", "Lion (promoted Kirin)", "lionpromoted", "lion", null).lionRank = true;
        b.kind("+x", "奔王", "Free King (promoted Phoenix)", "queenpromoted", "slide(all)", null);
        b.kind("+r", "龍王", "Dragon King (promoted Rook)", "dragonpromoted", "slide(orth) step(diag)", null);
        b.kind("+b", "龍馬", "Dragon Horse (promoted Bishop)", "horsepromoted", "slide(diag) step(orth)", null);
        b.kind("+g", "飛車", "Rook (promoted Gold)", "rookpromoted", "slide(orth)", null);
        b.kind("+f", "角行", "Bishop (promoted Leopard)", "bishoppromoted", "slide(diag)", null);
        b.kind("+s", "竪行", "Vertical Mover (promoted Silver)", "verticalmoverpromoted", "slide(F,B) step(L,R)", null);
        b.kind("+c", "横行", "Side Mover (promoted Copper)", "sidemoverpromoted", "slide(L,R) step(F,B)", null);
        b.kind("+i", "酔象", "Drunk Elephant (promoted Go-Between)", "elephantpromoted", "step(F,FL,FR,L,R,BL,BR)", null);
        b.start("lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1", 4);
        return b.build();
    }
}
