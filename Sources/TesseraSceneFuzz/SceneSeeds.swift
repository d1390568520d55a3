/// The valid scene files the scene fuzzer mutates: README.md's example and hand-written scenes that use
/// every layer field and every content primitive of README.md's "Scene files". Each one is accepted by
/// `SceneReader` unchanged (the fuzzer checks that before it mutates them). Any thread.
enum SceneSeeds {
    static let all: [FuzzJSON] = [readmeExample, everyPrimitive, nestedScrolls, tiny]

    private static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> FuzzJSON {
        .array([.num(x), .num(y), .num(w), .num(h)])
    }

    private static func pair(_ x: Double, _ y: Double) -> FuzzJSON { .array([.num(x), .num(y)]) }

    private static func viewport(_ width: Double, _ height: Double, _ scale: Double) -> FuzzJSON {
        .object([("width", .num(width)), ("height", .num(height)), ("scale", .num(scale))])
    }

    /// README.md's example, as written there.
    static let readmeExample: FuzzJSON = .object([
        ("viewport", viewport(320, 480, 2)),
        ("root", .object([
            ("name", .string("root")), ("frame", rect(0, 0, 320, 480)), ("background", .string("#F2F2F7")),
            ("sublayers", .array([
                .object([
                    ("name", .string("feed")), ("kind", .string("scroll")), ("frame", rect(0, 44, 320, 436)),
                    ("clipsToBounds", .bool(true)), ("contentOffset", pair(0, 0)), ("contentSize", pair(320, 2000)),
                    ("contentInset", .array([.num(10), .num(0), .num(216), .num(0)])),
                    ("sublayers", .array([
                        .object([("name", .string("card")), ("frame", rect(8, 8, 304, 120)),
                                 ("background", .string("#FFFFFF")), ("opacity", .number("0.9"))]),
                    ])),
                ]),
                .object([("name", .string("header")), ("frame", rect(0, 0, 320, 44)),
                         ("background", .string("#F8F8F8E0"))]),
            ])),
        ])),
    ])

    /// One layer holding each content primitive, with optional fields given.
    static let everyPrimitive: FuzzJSON = .object([
        ("viewport", viewport(96, 80, 1)),
        ("root", .object([
            ("name", .string("canvas")), ("frame", rect(0, 0, 96, 80)), ("background", .string("#102030")),
            ("boundsOrigin", pair(-2, 3)), ("hidden", .bool(false)), ("opacity", .num(1)),
            ("content", .array([
                .object([("rect", rect(1, 1, 20, 10)), ("color", .string("#FF000080"))]),
                .object([("roundedRect", rect(4, 14, 40, 20)), ("radius", .num(6)), ("color", .string("#00FF00"))]),
                .object([("linearGradient", rect(50, 2, 40, 30)), ("radius", .num(3)), ("start", pair(50, 2)),
                         ("end", pair(90, 32)),
                         ("stops", .array([.array([.num(0), .string("#0000FF")]), .array([.number("0.5"), .string("#FFFFFF80")]),
                                           .array([.num(1), .string("#000000")])]))]),
                .object([("text", rect(2, 40, 80, 10)), ("color", .string("#222222")), ("seed", .num(7))]),
                .object([("text", rect(2, 52, 80, 10)), ("color", .string("#442222")), ("string", .string("Hello, tiles"))]),
                .object([("image", rect(60, 50, 8, 8)), ("size", pair(2, 2)),
                         ("pixels", .string("FF0000FF00FF00FF0000FFFF80808080")), ("opacity", .number("0.5"))]),
            ])),
        ])),
    ])

    /// Scroll layers inside scroll layers, clipping, bounds origins, hidden and transparent layers, scale 3.
    static let nestedScrolls: FuzzJSON = .object([
        ("viewport", viewport(60, 40, 3)),
        ("root", .object([
            ("frame", rect(0, 0, 60, 40)),
            ("sublayers", .array([
                .object([
                    ("name", .string("outer")), ("kind", .string("scroll")), ("frame", rect(2, 2, 56, 36)),
                    ("clipsToBounds", .bool(true)), ("contentOffset", pair(0, 30)), ("contentSize", pair(56, 400)),
                    ("background", .string("#EEEEEE")),
                    ("sublayers", .array([
                        .object([
                            ("name", .string("inner")), ("kind", .string("scroll")), ("frame", rect(4, 40, 48, 30)),
                            ("contentOffset", pair(100, 0)), ("contentSize", pair(1000, 30)),
                            ("contentInset", .array([.num(0), .num(5), .num(0), .num(5)])),
                            ("content", .array([
                                .object([("rect", rect(90, 0, 400, 30)), ("color", .string("#3366CC"))]),
                                .object([("text", rect(100, 5, 300, 12)), ("color", .string("#FFFFFF")), ("seed", .num(3))]),
                            ])),
                        ]),
                        .object([("name", .string("shadowed")), ("frame", rect(6, 8, 20, 12)), ("cornerRadius", .num(4)),
                                 ("background", .string("#FFFFFF")), ("shadowOpacity", .num(0.4)), ("shadowRadius", .num(3)),
                                 ("shadowOffset", pair(1, 2)), ("shadowColor", .string("#10204080")),
                                 ("shadowPath", .object([("rect", rect(-2, 0, 24, 14)), ("cornerRadius", .num(5))]))]),
                        .object([("name", .string("ghost")), ("frame", rect(0, 0, 10, 10)), ("hidden", .bool(true)),
                                 ("background", .string("#FF0000"))]),
                        .object([("name", .string("faint")), ("frame", rect(0, 80, 56, 20)), ("opacity", .num(0)),
                                 ("background", .string("#00FF00"))]),
                    ])),
                ]),
            ])),
        ])),
    ])

    /// The smallest scene: a viewport and an empty root.
    static let tiny: FuzzJSON = .object([("viewport", viewport(1, 1, 1)), ("root", .object([]))])
}
