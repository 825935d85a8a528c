/** Millilitres in one US fluid ounce: water is shown in fluid ounces where the user asks for imperial units. */
export const ML_PER_FLUID_OUNCE = 29.5735295625;

export const mlFromFluidOunces = (ounces: number) => Math.round(ounces * ML_PER_FLUID_OUNCE);
export const fluidOuncesFromMl = (ml: number) => Math.round((ml / ML_PER_FLUID_OUNCE) * 10) / 10;
