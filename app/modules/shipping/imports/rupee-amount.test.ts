import { describe, expect, it } from "vitest";
import { guessMapping, readRows } from "./column-mapping";
import { paisaToRupees, parsePaisaAmount, parseRupeeAmount } from "./rupee-amount";

describe("parseRupeeAmount", () => {
  it.each([
    ["Rs 1,299", 1299],
    ["Rs. 1,299/-", 1299],
    ["Rs.1299", 1299],
    ["PKR 1299", 1299],
    ["1299 PKR", 1299],
    ["₨ 850", 850],
    ["1,299.00", 1299],
    ["1299.0", 1299],
    ["1299", 1299],
    ["1,00,000", 100000],
    ["100,000", 100000],
    ["0", 0],
    ["-200", -200],
    ["Rs -200", -200],
    ["(200)", -200],
    ["  2500  ", 2500],
  ])("reads %j as %i rupees", (text, rupees) => {
    expect(parseRupeeAmount(text)).toEqual({ value: rupees });
  });

  it("reads a blank cell as no amount", () => {
    expect(parseRupeeAmount("")).toEqual({ value: null });
    expect(parseRupeeAmount("   ")).toEqual({ value: null });
  });

  it("refuses paisa instead of rounding them away", () => {
    expect(parseRupeeAmount("1,299.50")).toEqual({ problem: 'Amount "1,299.50" is not a whole number of rupees' });
    expect(parseRupeeAmount("Rs 99.99")).toEqual({ problem: 'Amount "Rs 99.99" is not a whole number of rupees' });
    expect(parseRupeeAmount("1299.01")).toEqual({ problem: 'Amount "1299.01" is not a whole number of rupees' });
  });

  it.each(["abc", "12 99", "1,2", ",299", "--200", "-(200)", "Rs", "1.2.3", "$100", "99999999999999999999"])(
    "refuses %j as not an amount",
    (text) => {
      expect(parseRupeeAmount(text)).toEqual({ problem: `Amount "${text}" is not an amount in rupees` });
    },
  );
});

describe("parsePaisaAmount: charges and net paid to the paisa", () => {
  it.each([
    ["191.18", 19118],
    ["1,234.5", 123450],
    ["Rs 1,234.50", 123450],
    ["200", 20000],
    ["(12.5)", -1250],
    ["0.185", 19], // from the digits, half up: not 18 from 0.185 * 100 = 18.4999...
    ["", null],
  ])("%j is %j paisa", (text, paisa) => {
    expect(parsePaisaAmount(text)).toEqual({ paisa });
  });

  it("refuses what is not an amount", () => {
    expect(parsePaisaAmount("12.3.4")).toEqual({ problem: 'Amount "12.3.4" is not an amount in rupees' });
  });

  it.each([
    [19118, 191],
    [19150, 192],
    [19149, 191],
    [-19150, -192],
    [0, 0],
  ])("%i paisa stored as Rs %i (half up)", (paisa, rupees) => {
    expect(paisaToRupees(paisa)).toBe(rupees);
  });

  it("reads a COD row's charges and net paid to the paisa; the collected cash stays whole rupees", () => {
    const sheet = {
      headers: ["CN", "COD Amount", "Transaction Fee", "Net Amount"],
      rows: [
        ["PX-1", "3,450", "191.18", "3,258.82"],
        ["PX-2", "1,999.50", "191.18", "1,808.32"],
      ],
    };
    const rows = readRows("cod", sheet, guessMapping("cod", sheet.headers)).rows;
    expect(
      rows.map(({ collected, charges, netPaid, problems }) => ({ collected, charges, netPaid, problems })),
    ).toEqual([
      { collected: 3450, charges: 191.18, netPaid: 3258.82, problems: [] },
      {
        collected: null,
        charges: 191.18,
        netPaid: 1808.32,
        problems: ['Amount "1,999.50" is not a whole number of rupees'],
      },
    ]);
  });
});
