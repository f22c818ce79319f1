import { zodResolver } from "@hookform/resolvers/zod";
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE } from "~/core/password-policy";
import { PASSWORD_MISMATCH_MESSAGE } from "~/core/password-rules";
import { emailFormSchema, loginSchema, registerSchema, updatePasswordSchema } from "./auth-schemas";

const options = { fields: {}, shouldUseNativeValidation: false } as const;
const register = (values: { password: string; confirm: string; email?: string; referralCode?: string }) =>
  zodResolver(registerSchema)({ email: "", referralCode: "", ...values }, undefined, options);

describe("the register form's checks", () => {
  it("refuses a confirmation that differs, under the confirmation, before the common-password rule", async () => {
    const { errors } = await register({ password: "123456", confirm: "1234567" });
    expect(errors.confirm?.message).toBe(PASSWORD_MISMATCH_MESSAGE);
    expect(errors.password).toBeUndefined();
  });

  it("refuses a common password under the password field, with the server's message", async () => {
    const { errors } = await register({ password: "password", confirm: "password" });
    expect(errors.password?.message).toBe(COMMON_PASSWORD_MESSAGE);
    expect(errors.confirm).toBeUndefined();
  });

  it("keeps the length rule apart: a short password gets 'too short' and nothing else", async () => {
    const { errors } = await register({ password: "abc", confirm: "abd" });
    expect(errors.password?.message).toBe("Password too short");
    expect(errors.confirm).toBeUndefined();
  });

  it("sends the trimmed address, and no referral code for an empty one", async () => {
    const ok = await register({
      email: "  bob@example.test ",
      password: "correct horse battery",
      confirm: "correct horse battery",
      referralCode: "  ",
    });
    expect(ok.errors).toEqual({});
    expect(ok.values).toEqual({
      email: "bob@example.test",
      password: "correct horse battery",
      confirm: "correct horse battery",
      referralCode: null,
    });
    const coded = await register({
      password: "correct horse battery",
      confirm: "correct horse battery",
      referralCode: " ab12 ",
    });
    expect(coded.values).toMatchObject({ referralCode: "ab12" });
  });
});

describe("the other auth forms' checks", () => {
  it("login checks no password rule (an old password may be short or common)", async () => {
    const result = await zodResolver(loginSchema)(
      { email: " a@b.test ", password: "123", confirm: "", referralCode: "" },
      undefined,
      options,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ email: "a@b.test", password: "123" });
  });

  it("'Update Password' applies the same order of checks", async () => {
    const check = (password: string, confirm: string) =>
      zodResolver(updatePasswordSchema)({ password, confirm }, undefined, options);
    expect((await check("qwerty", "qwertz")).errors.confirm?.message).toBe(PASSWORD_MISMATCH_MESSAGE);
    expect((await check("qwerty", "qwerty")).errors.password?.message).toBe(COMMON_PASSWORD_MESSAGE);
    expect((await check("correct horse battery", "correct horse battery")).errors).toEqual({});
  });

  it("a reset link needs an address that is not only spaces", async () => {
    const { errors } = await zodResolver(emailFormSchema)({ email: "   " }, undefined, options);
    expect(errors.email?.message).toBe("Please enter your email address to reset password.");
  });
});
