/** Large crafted inputs that made an earlier sanitiser quadratic; shared by the unit test and the bench. */
export const HOSTILE_INPUTS: readonly string[] = [
  `&${"amp;".repeat(20000)}lt;script&gt;`,
  "java".repeat(20000) + "script:".repeat(20000),
  "<b>".repeat(50000),
  "<<b></b>".repeat(5000) + "script>",
];
